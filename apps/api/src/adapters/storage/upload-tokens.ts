import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_KINDS, UPLOAD_URL_TTL_MS, type UploadKind } from '@t0/contracts';
import type { UploadGrant, UploadPurpose, UploadSigner, UploadTokenCheck } from '@t0/server';

/** Where signed upload URLs point (the PUT route in http/uploads.ts). */
export const UPLOAD_ROUTE_PREFIX = '/api/uploads/';

interface Payload {
  /** kind */
  k: UploadKind;
  /** file name, when given */
  n?: string;
  /** expiry, ms since the epoch */
  e: number;
  /** nonce: no two URLs are alike; the URL's id for its single use */
  r: string;
  /** purpose, when given (`message`: re-encoded before it is stored) */
  p?: UploadPurpose;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/**
 * Upload URLs signed with HMAC-SHA256 under a key derived from the session secret. The token
 * carries the kind (and so the size limit and allowed types), the declared file name and the expiry.
 */
export function createUploadTokens(secret: string, opts: { ttlMs?: number; now?: () => number } = {}): UploadSigner {
  const key = createHmac('sha256', secret).update('t0-upload-url-v1').digest();
  const ttl = opts.ttlMs ?? UPLOAD_URL_TTL_MS;
  const clock = opts.now ?? Date.now;
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    createUploadUrl(kind, fileName, purpose) {
      const payload: Payload = { k: kind, e: clock() + ttl, r: b64(randomBytes(9)) };
      if (fileName) payload.n = fileName;
      if (purpose) payload.p = purpose;
      const body = b64(Buffer.from(JSON.stringify(payload)));
      return `${UPLOAD_ROUTE_PREFIX}${body}.${b64(sign(body))}`;
    },

    verify(token, now = clock()): UploadTokenCheck {
      const [body, mac, extra] = token.split('.');
      if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (!(payload.k in UPLOAD_KINDS) || typeof payload.e !== 'number' || typeof payload.r !== 'string' || !payload.r)
        return { ok: false, reason: 'invalid' };
      if (payload.e <= now) return { ok: false, reason: 'expired' };
      const grant: UploadGrant = {
        id: payload.r,
        kind: payload.k,
        maxBytes: UPLOAD_KINDS[payload.k].maxBytes,
        expiresAt: payload.e,
      };
      if (typeof payload.n === 'string') grant.fileName = payload.n;
      if (payload.p === 'message') grant.purpose = payload.p;
      return { ok: true, grant };
    },
  };
}
