import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, signalEventDigest, signalEventPreimage, type HashedContent } from './signal-chain';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const content: HashedContent = {
  signalId: 7,
  type: 'activated',
  price: 196.134,
  at: '2026-11-24T10:00:00.000Z',
  actor: 'admin:1',
  data: {},
};

describe('the signal event hash formula', () => {
  it('hashes an unsalted event exactly as the first rows were hashed', async () => {
    // The formula before salts: SHA-256 over prevHash, a newline and the canonical six fields.
    const first = sha256(`${GENESIS_HASH}\n${canonicalize({ ...content })}`);
    expect(signalEventPreimage(GENESIS_HASH, content)).toBe(`${GENESIS_HASH}\n${canonicalize(content)}`);
    expect(signalEventPreimage(GENESIS_HASH, { ...content, salt: null })).not.toContain('salt');
    expect(await signalEventDigest(GENESIS_HASH, { ...content, salt: null })).toBe(first);
  });

  it('puts the salt in what a salted event commits to', async () => {
    const salt = 'a'.repeat(32);
    const text = signalEventPreimage(GENESIS_HASH, { ...content, salt });
    expect(text).toBe(`${GENESIS_HASH}\n${canonicalize({ ...content, salt })}`);
    expect(await signalEventDigest(GENESIS_HASH, { ...content, salt })).toBe(sha256(text));
    expect(await signalEventDigest(GENESIS_HASH, { ...content, salt })).not.toBe(
      await signalEventDigest(GENESIS_HASH, { ...content, salt: 'b'.repeat(32) }),
    );
  });
});

describe('the three formats, pinned', () => {
  // One created event in each format. The hashes were computed once and must never change: a stored
  // chain is verified with them, so a change here breaks every record already published.
  const created: HashedContent = {
    signalId: 7,
    type: 'created',
    price: null,
    at: '2026-11-24T10:00:00.000Z',
    actor: 'admin:1',
    data: { instrument: 'GBPJPY', entryPrice: 196.134 },
  };
  const salt = 'a'.repeat(32);
  const context = { room: 'main', author: null, priceSource: null };

  it('hashes the unsalted six fields (the first rows)', async () => {
    expect(signalEventPreimage(GENESIS_HASH, { ...created, context: null })).toBe(
      `${GENESIS_HASH}\n{"actor":"admin:1","at":"2026-11-24T10:00:00.000Z","data":{"entryPrice":196.134,"instrument":"GBPJPY"},"price":null,"signalId":7,"type":"created"}`,
    );
    expect(await signalEventDigest(GENESIS_HASH, created)).toBe(
      'df72cbff9d3f45cbaa29218c51bc8c0ccbfbab5cd3be85bafa973fd58391e07d',
    );
  });

  it('hashes the salted seven fields (every event since salts but a created one since rooms)', async () => {
    expect(await signalEventDigest(GENESIS_HASH, { ...created, salt })).toBe(
      '1fba8c0e906c7239d1c4a90f21fc4a18dbc7eb9229c9a959f9c662ca1c48aa60',
    );
    // Context null or absent is the same format.
    expect(await signalEventDigest(GENESIS_HASH, { ...created, salt, context: null })).toBe(
      '1fba8c0e906c7239d1c4a90f21fc4a18dbc7eb9229c9a959f9c662ca1c48aa60',
    );
  });

  it('hashes the salted seven fields and the context of exactly three keys (created events since rooms)', async () => {
    const text = signalEventPreimage(GENESIS_HASH, { ...created, salt, context });
    expect(text).toBe(
      `${GENESIS_HASH}\n{"actor":"admin:1","at":"2026-11-24T10:00:00.000Z","context":{"author":null,"priceSource":null,"room":"main"},"data":{"entryPrice":196.134,"instrument":"GBPJPY"},"price":null,"salt":"${salt}","signalId":7,"type":"created"}`,
    );
    expect(await signalEventDigest(GENESIS_HASH, { ...created, salt, context })).toBe(
      '858a3b5c423156189b1e51c3d53285ffe40162e6c25b18ef1277fe2fa5977e4c',
    );
    expect(sha256(text)).toBe('858a3b5c423156189b1e51c3d53285ffe40162e6c25b18ef1277fe2fa5977e4c');
  });

  it('commits to the room, the author and the price source, and to those three keys only', async () => {
    const hash = (c: HashedContent) => signalEventDigest(GENESIS_HASH, c);
    const base = await hash({ ...created, salt, context });
    expect(await hash({ ...created, salt, context: { ...context, room: 'gold' } })).not.toBe(base);
    expect(await hash({ ...created, salt, context: { ...context, author: 'analyst:3' } })).not.toBe(base);
    expect(await hash({ ...created, salt, context: { ...context, priceSource: 'twelvedata' } })).not.toBe(base);
    // Missing places hash as null; a key beyond the three is not part of the format.
    const partial = { room: 'main' } as unknown as HashedContent['context'];
    expect(await hash({ ...created, salt, context: partial })).toBe(base);
    const extra = { ...context, note: 'x' } as HashedContent['context'];
    expect(await hash({ ...created, salt, context: extra })).toBe(base);
  });
});
