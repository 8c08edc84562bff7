import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { signUp, startTestApp, STRONG_PASSWORD } from '../harness';

async function loginFrom(base: string, email: string, forwardedFor: string, password = STRONG_PASSWORD) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
}

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or a list of proxy addresses', () => {
    const read = (v: string) =>
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/t0-config', TRUST_PROXY: v })
        .trustProxy;
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => read('proxy.example')).toThrow(/TRUST_PROXY.*not an address/);
  });

  it('ignores X-Forwarded-For from a hop that is not a trusted proxy', async () => {
    const t = await startTestApp('pglite', { TRUST_PROXY: '10.1.2.3', RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    try {
      const { email } = await signUp(t);
      await t.db.db.deleteFrom('authAttempts').execute();
      expect((await loginFrom(t.url, email, '203.0.113.9')).status).toBe(200);
      const row = await t.db.db
        .selectFrom('users')
        .select('ipAddress')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.ipAddress).toBe('127.0.0.1');
      // A new forged address per attempt does not buy a new budget.
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await loginFrom(t.url, `nobody${i}@t0.test`, `198.51.100.${i}`, 'wrong')).status);
      expect(codes).toEqual([401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('believes the address the trusted hop appended, not what the client wrote before it', async () => {
    const t = await startTestApp('pglite', { TRUST_PROXY: '1' });
    try {
      const { email } = await signUp(t);
      expect((await loginFrom(t.url, email, '6.6.6.6, 203.0.113.9')).status).toBe(200);
      const row = await t.db.db
        .selectFrom('users')
        .select('ipAddress')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.ipAddress).toBe('203.0.113.9');
    } finally {
      await t.close();
    }
  });

  it('believes a listed proxy', async () => {
    const t = await startTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });
    try {
      const { email } = await signUp(t);
      expect((await loginFrom(t.url, email, '203.0.113.10')).status).toBe(200);
      const row = await t.db.db
        .selectFrom('users')
        .select('ipAddress')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.ipAddress).toBe('203.0.113.10');
    } finally {
      await t.close();
    }
  });
});
