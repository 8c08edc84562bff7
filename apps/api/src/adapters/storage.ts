import path from 'node:path';
import type { ImageLinkSigner, Storage, UploadSigner } from '@t0/server';
import type { Config } from '../config';
import type { StartedConfig } from '../config-keys';
import { createDiskStorage } from './storage/disk';
import { createS3Storage } from './storage/s3';
import { createImageLinks } from './storage/image-links';
import { createUploadTokens } from './storage/upload-tokens';

/** S3-compatible storage when S3_BUCKET is set; files under DATA_DIR/objects otherwise. */
export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'objects'));
}

/** Signed, short-lived upload URLs (HMAC under a key derived from the session secret). */
export function createUploadSigner(config: StartedConfig): UploadSigner {
  return createUploadTokens(config.keys.sessionSecrets[0]!);
}

/** Short-lived links to the images of desk threads, bound to their viewer (HMAC, as the upload URLs). */
export function createImageLinkSigner(config: StartedConfig): ImageLinkSigner {
  return createImageLinks(config.keys.sessionSecrets[0]!, { ttlMinutes: config.messageImageLinkMinutes });
}
