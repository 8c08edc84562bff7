import type { UploadKind } from '../../domain/constants';

/** Object storage for uploads (disk under DATA_DIR/objects, or S3-compatible). Filled in by the content API. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export interface UploadSigner {
  /** A short-lived, signed URL the browser PUTs one file of this kind to. */
  createUploadUrl(kind: UploadKind, fileName?: string): string;
}
