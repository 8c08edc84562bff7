import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Storage } from '@t0/contracts/server';
import { assertSafeObjectKey, isSafeObjectKey } from './keys';

export interface S3Settings {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) ||
  (err as { name?: string } | null)?.name === 'NoSuchKey';

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, …), configured by the S3_* settings. */
export function createS3Storage(settings: S3Settings, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      assertSafeObjectKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },

    async get(key) {
      if (!isSafeObjectKey(key)) return null;
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      if (!isSafeObjectKey(key)) return;
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
