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
