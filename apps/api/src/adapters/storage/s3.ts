import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Storage } from '@t0/server';
import { assertSafeObjectKey, isSafeObjectKey } from './keys';

export interface S3Settings {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

type Sdk = typeof S3Sdk;
let sdk: Promise<Sdk> | undefined;
/** The AWS SDK is loaded on first use: a server that keeps its files on disk never loads it (about 20 MB resident). */
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

const isMissing = ({ S3ServiceException }: Sdk, err: unknown) =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) ||
  (err as { name?: string } | null)?.name === 'NoSuchKey';

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, …), configured by the S3_* settings. */
export function createS3Storage(settings: S3Settings, client?: S3Client): Storage {
  let ready: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (ready ??= loadSdk().then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials:
            settings.accessKeyId && settings.secretAccessKey
              ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
              : undefined,
        }),
    })));
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      assertSafeObjectKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      if (!isSafeObjectKey(key)) return null;
      const { sdk, s3 } = await connect();
      try {
        const res = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },

    async delete(key) {
      if (!isSafeObjectKey(key)) return;
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
