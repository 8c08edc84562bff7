import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './push-device';

describe('applicationServerKey', () => {
  it('turns the server key (base64url, no padding) into its 65 bytes', () => {
    const bytes = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 250) % 256)),
    ]);
    const key = bytes.toString('base64url');
    expect(key).toMatch(/[-_]/);
    expect(Buffer.from(applicationServerKey(key))).toEqual(bytes);
    expect(applicationServerKey(Buffer.alloc(16, 255).toString('base64url'))).toEqual(new Uint8Array(16).fill(255));
  });
});
