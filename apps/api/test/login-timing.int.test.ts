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
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is within 20 % (median of 9 tries each, interleaved)', async () => {
    const { email } = await signUp(t);
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
