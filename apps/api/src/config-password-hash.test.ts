import { describe, expect, it } from 'vitest';
import { createArgon2Hasher, MINIMAL_ARGON2_COST } from './adapters/hasher';
import { loadConfig } from './config';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/t0-config-password-hash' };

describe('PASSWORD_HASH_COST', () => {
  it('is standard by default, minimal only when asked, and never minimal in production', () => {
    expect(loadConfig({ ...base }).passwordHashCost).toBe('standard');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).passwordHashCost).toBe('standard');
    expect(loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_HASH_COST: 'minimal' }).passwordHashCost).toBe('minimal');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PASSWORD_HASH_COST: 'minimal' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(() => loadConfig({ ...base, PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('hashes with argon2id at the recommended or the minimal cost, and verifies either', async () => {
    const standard = createArgon2Hasher();
    const minimal = createArgon2Hasher(MINIMAL_ARGON2_COST);
    const strong = await standard.hash('Str0ng!Pass');
    const cheap = await minimal.hash('Str0ng!Pass');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await standard.verify(cheap, 'Str0ng!Pass')).toBe(true);
    expect(await minimal.verify(strong, 'Str0ng!Pass')).toBe(true);
    expect(await minimal.verify(strong, 'wrong')).toBe(false);
    expect(await minimal.verify('', 'Str0ng!Pass')).toBe(false);
  });
});
