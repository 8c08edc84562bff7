import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, uniqueEmail, type TestApp } from './harness';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timedLogin(base: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Wrong!Pass1' }),
  });
  const took = performance.now() - started;
  expect(res.status).toBe(401);
  return took;
}

describe('login answers unknown and known accounts in the same time', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The product's default cost, not the tests' minimal one.
    t = await startTestApp('pglite', { PASSWORD_HASH_COST: 'standard' });
  });
  afterAll(async () => t?.close());

  it('is within 20 % (median of 9 tries each, interleaved)', async () => {
    const { email, id } = await signUp(t);
    // The product hashes with argon2id at the library's recommended cost.
    const row = await t.db.db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    // Warm both paths (the stand-in hash is made at the first unknown address).
    await timedLogin(t.url, uniqueEmail('warm'));
    await timedLogin(t.url, email);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await timedLogin(t.url, email));
      unknown.push(await timedLogin(t.url, uniqueEmail('nobody')));
    }
    const k = median(known);
    const u = median(unknown);
    expect(Math.abs(u - k) / k, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(0.2);
    // Both really did the hash work (argon2id takes tens of milliseconds).
    expect(u).toBeGreaterThan(10);
  });
});
