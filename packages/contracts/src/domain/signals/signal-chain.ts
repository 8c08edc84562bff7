import canonicalize from 'canonicalize';

// The signal-event hash chain's formula, pure and safe for the browser (and for an offline verifier).
//
// One chain across all signals, in id order. Each event's hash is
//   SHA-256( prevHash + "\n" + RFC 8785 canonical JSON of its content )
// and the content is { signalId, type, price, at, actor, data } plus, by version:
//   - salt null (rows written before salts existed): exactly those six fields, no `salt` key;
//   - salt present (every row since): the same six fields and `salt`, 32 hex characters (128 random
//     bits) kept on the server;
//   - context present (a `created` event written since rooms existed): the salted seven fields and
//     `context`, an object of exactly three keys, always all three: `room` (the room's slug),
//     `author` and `priceSource` (text, or null while nothing fills them: places for the analyst
//     who published it and the feed its prices came from). Context null or absent (every other
//     event, and the created events written before) hashes as the two versions above, no `context`
//     key. A later field joins `context` only as a new version: the three keys stay as they are.
// The salt is what keeps the hash from giving away the content: without it the only unknown in an
// event of an open signal is one price, which a reader shown the hash can find by trying the few
// thousand plausible prices. The salt is revealed only with the event's content, so whoever can
// recompute a hash could already read what it commits to.

/** The hash before the first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a created event states beyond its data (the third version): always all three keys. */
export interface HashedContext {
  room: string;
  author: string | null;
  priceSource: string | null;
}

/**
 * What an event's hash commits to. `salt` null or absent: the unsalted formula of the first rows;
 * `context` null or absent: no `context` key (every version before the third).
 */
export interface HashedContent {
  signalId: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: unknown;
  salt?: string | null;
  context?: HashedContext | null;
}

/** The exact text an event's SHA-256 is computed over (the version rule above). */
export function signalEventPreimage(prevHash: string, content: HashedContent): string {
  const { salt, context } = content;
  const hashed = {
    signalId: content.signalId,
    type: content.type,
    price: content.price,
    at: content.at,
    actor: content.actor,
    data: content.data,
    ...(salt === null || salt === undefined ? {} : { salt }),
    ...(context === null || context === undefined
      ? {}
      : {
          context: {
            room: context.room,
            author: context.author ?? null,
            priceSource: context.priceSource ?? null,
          },
        }),
  };
  return `${prevHash}\n${canonicalize(hashed) ?? ''}`;
}

/**
 * An event's hash with the Web Crypto API (browsers, Node 19+, Deno): the same value as the server's
 * `signalEventHash`, for checking a timeline or a chain from outside the server.
 */
export async function signalEventDigest(prevHash: string, content: HashedContent): Promise<string> {
  const bytes = new TextEncoder().encode(signalEventPreimage(prevHash, content));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
