import type { UploadKind } from '@t0/contracts/domain/common/constants';

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
  /** `message`: an image for a desk thread, decoded and written again before it is stored. */
  purpose?: UploadPurpose;
}

/** What an upload is for, when its kind alone does not say how it is kept. */
export type UploadPurpose = 'message';

export type UploadTokenCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' };

export interface UploadSigner {
  /** A short-lived, signed, same-origin URL (`/api/uploads/<token>`) the browser PUTs one file of this kind to. */
  createUploadUrl(kind: UploadKind, fileName?: string, purpose?: UploadPurpose): string;
  /** Checks the token of such a URL: its signature, then its expiry. */
  verify(token: string, now?: number): UploadTokenCheck;
}

/** Whether a signed link to a stored image may be read by this viewer now. */
export type ImageLinkCheck = 'ok' | 'expired' | 'invalid';

/**
 * Short-lived links to the images of desk threads, each bound to the account it was given to: a
 * link carries its expiry and an HMAC of the object, the viewer and the expiry.
 */
export interface ImageLinkSigner {
  /** `/objects/<key>?exp=…&sig=…` for this viewer, valid for the configured minutes. */
  sign(objectUrl: string, viewerId: number): string;
  /** Checks a link's query for the object and the viewer who asks: its signature, then its expiry. */
  verify(key: string, viewerId: number, query: { exp?: string; sig?: string }, now?: number): ImageLinkCheck;
}
