import type { UploadKind } from '@t0/contracts/domain/constants';

/** Object storage for uploads (disk under DATA_DIR/objects, or S3-compatible). */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

/** What a signed upload URL allows: one file of this kind, up to its size limit, until it expires. */
export interface UploadGrant {
  /** The URL's own id (a signed nonce): what its single use is recorded under. */
  id: string;
  kind: UploadKind;
  /** The file name given when the URL was asked for (its extension is the declared type). */
  fileName?: string;
  maxBytes: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type UploadTokenCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' };

export interface UploadSigner {
  /** A short-lived, signed, same-origin URL (`/api/uploads/<token>`) the browser PUTs one file of this kind to. */
  createUploadUrl(kind: UploadKind, fileName?: string): string;
  /** Checks the token of such a URL: its signature, then its expiry. */
  verify(token: string, now?: number): UploadTokenCheck;
}
