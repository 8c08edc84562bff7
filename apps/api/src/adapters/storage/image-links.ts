import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageLinkSigner } from '@t0/server';

/** How long a link to a thread's image is valid when the settings say nothing (10 minutes). */
export const IMAGE_LINK_TTL_MINUTES_DEFAULT = 10;

/**
 * Links to the images of desk threads, signed with HMAC-SHA256 under a key derived from the
 * session secret (kept under DATA_DIR when the settings give none), as the upload URLs are. The
 * MAC covers the object's key, the viewer's account id and the expiry: a link is read only by the
 * account it was given to, until it expires, and any change to it is refused.
 */
export function createImageLinks(
  secret: string,
  opts: { ttlMinutes?: number; now?: () => number } = {},
): ImageLinkSigner {
  const key = createHmac('sha256', secret).update('t0-image-link-v1').digest();
  const ttlMs = (opts.ttlMinutes ?? IMAGE_LINK_TTL_MINUTES_DEFAULT) * 60_000;
  const clock = opts.now ?? Date.now;
  const mac = (objectKey: string, viewerId: number, exp: number) =>
    createHmac('sha256', key).update(`${objectKey}\n${viewerId}\n${exp}`).digest();

  return {
    sign(objectUrl, viewerId) {
      const objectKey = objectUrl.replace(/^\/objects\//, '');
      const exp = Math.floor((clock() + ttlMs) / 1000);
      return `/objects/${objectKey}?exp=${exp}&sig=${mac(objectKey, viewerId, exp).toString('base64url')}`;
    },

    verify(objectKey, viewerId, query, now = clock()) {
      const { exp: rawExp, sig } = query;
      if (typeof rawExp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(rawExp)) return 'invalid';
      const exp = Number(rawExp);
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(objectKey, viewerId, exp);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return exp * 1000 <= now ? 'expired' : 'ok';
    },
  };
}
