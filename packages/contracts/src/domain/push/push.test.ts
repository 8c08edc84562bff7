import { describe, expect, it } from 'vitest';
import { PUSH_AUTH, PUSH_P256DH, signalPushTopic } from './push';

describe('web push rules', () => {
  it('gives each signal a topic of at most 32 URL-safe base64 characters', () => {
    for (const id of [1, 42, 2_147_483_647]) {
      const topic = signalPushTopic(id);
      expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    expect(signalPushTopic(7)).toBe('signal-7');
    expect(signalPushTopic(7)).not.toBe(signalPushTopic(8));
  });

  it('knows a P-256 public key and a 16-byte auth secret in base64url', () => {
    const point = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    expect(PUSH_P256DH.test(point)).toBe(true);
    expect(PUSH_P256DH.test(Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 7)]).toString('base64url'))).toBe(false);
    expect(PUSH_P256DH.test(Buffer.alloc(33, 4).toString('base64url'))).toBe(false);
    expect(PUSH_AUTH.test(Buffer.alloc(16, 9).toString('base64url'))).toBe(true);
    expect(PUSH_AUTH.test(Buffer.alloc(16, 9).toString('base64'))).toBe(false);
    expect(PUSH_AUTH.test(Buffer.alloc(32, 9).toString('base64url'))).toBe(false);
  });
});
