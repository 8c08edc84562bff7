import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedPairs } from '../timing';
import { signUp, startTestApp, uniqueEmail, type TestApp } from '../harness';

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

  it('is within 20 % (median over 15 pairs, each a known and an unknown try back to back)', async () => {
    const { email, id } = await signUp(t);
    // The product hashes with argon2id at the library's recommended cost.
    const row = await t.db.db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    // Warm both paths (the stand-in hash is made at the first unknown address).
    await timedLogin(t.url, uniqueEmail('warm'));
    await timedLogin(t.url, email);
    // Each pair is timed back to back, in an order drawn at random: a pause of the machine
    // (CI runs another test file beside this one) slows both of a pair, not one side of the count.
    const {
      unknown: u,
      ratio,
      describe,
    } = await timedPairs(
      15,
      () => timedLogin(t.url, email),
      () => timedLogin(t.url, uniqueEmail('nobody')),
    );
    expect(Math.abs(ratio - 1), describe).toBeLessThan(0.2);
    // Both really did the hash work (argon2id takes tens of milliseconds).
    expect(u).toBeGreaterThan(10);
  });
});
