import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { signUp, startTestApp, oneTestDbKind, uniqueEmail, until, type TestApp } from '../harness';

const kinds = await oneTestDbKind();

const ADDRESS_BUDGET = 10;

/** A tRPC batch of `n` calls of `procedure` with the same input, as httpBatchLink sends it. */
async function batch(base: string, procedure: string, n: number, input: unknown) {
  const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), input]));
  const path = Array.from({ length: n }, () => procedure).join(',');
  const res = await fetch(`${base}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Array<{ error?: { data?: { httpStatus?: number } } }>,
    headers: res.headers,
  };
}

const login = (base: string, email: string, path = '/api/auth/login') =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'wrong-password-1' }),
  });

describe.each(kinds)('sign-in limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      RATE_LIMIT_AUTH_PER_MINUTE: String(ADDRESS_BUDGET),
      RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => t?.close());
  // Each test starts with an empty window.
  const clear = () => t.db.db.deleteFrom('authAttempts').execute();

  it('counts every call of a batch: 20 logins in one request (the largest batch) count as 20', async () => {
    await clear();
    const res = await batch(t.url, 'auth.login', 20, { email: uniqueEmail('batch'), password: 'wrong-password-1' });
    expect(res.body).toHaveLength(20);
    const statuses = res.body.map((r) => r.error?.data?.httpStatus);
    // Only the first call of the batch ran; the rest were refused (batched, or over a budget).
    expect(statuses.filter((s) => s === 401).length).toBe(1);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 400)).toBe(true);
    const rows = await t.db.db
      .selectFrom('authAttempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // One row per call for the address and one for the account.
    expect(Number(rows.n)).toBe(40);
    const next = await login(t.url, uniqueEmail('after'));
    expect(next.status).toBe(429);
    const wait = Number(next.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('answers 429 with Retry-After over tRPC too', async () => {
    await clear();
    await batch(t.url, 'auth.login', ADDRESS_BUDGET, { email: uniqueEmail('trpc'), password: 'wrong-password-1' });
    const res = await batch(t.url, 'auth.login', 1, { email: uniqueEmail('trpc'), password: 'wrong-password-1' });
    expect(res.body[0]?.error?.data?.httpStatus).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('limits percent-encoded paths like the plain ones', async () => {
    await clear();
    const codes: number[] = [];
    for (let i = 0; i < ADDRESS_BUDGET + 2; i++) {
      const res =
        i % 2 === 0
          ? await login(t.url, uniqueEmail('enc'), '/api/auth/logi%6E')
          : (await batch(t.url, 'auth%2Elogin', 1, { email: uniqueEmail('enc'), password: 'wrong-password-1' }))
              .body[0]!.error!.data!.httpStatus!;
      codes.push(typeof res === 'number' ? res : res.status);
    }
    expect(codes.slice(0, ADDRESS_BUDGET)).toEqual(new Array(ADDRESS_BUDGET).fill(401));
    expect(codes.slice(ADDRESS_BUDGET)).toEqual([429, 429]);
  });

  it('limits one account from one address before the address budget', async () => {
    await clear();
    const email = uniqueEmail('acct');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(t.url, email)).status);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // Another account from the same address still has its own budget.
    expect((await login(t.url, uniqueEmail('other'))).status).toBe(401);
  });

  it('sends one reset e-mail for a batch of 20 forgotten-password calls (the largest batch)', async () => {
    await clear();
    const { email } = await signUp(t);
    await clear();
    const before = t.mails().filter((m) => /reset-password\?token=/.test(m)).length;
    const res = await batch(t.url, 'auth.forgotPassword', 20, { email });
    expect(res.body).toHaveLength(20);
    // Mailed by the job queue, after the answer; the other 19 calls queued nothing.
    const resets = () => t.mails().filter((m) => /reset-password\?token=/.test(m)).length;
    expect(await until(resets, (n) => n > before)).toBe(before + 1);
  });

  it('limits registration and reset calls too', async () => {
    await clear();
    for (let i = 0; i < ADDRESS_BUDGET; i++)
      await fetch(`${t.url}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('r'), token: 'x', newPassword: 'Str0ng!Pass' }),
      });
    const res = await fetch(`${t.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('reg'), password: 'Str0ng!Pass', firstName: 'A', lastName: 'B' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('shares one budget between two server processes on one database', async () => {
    await clear();
    const second: App = await createApp(
      loadConfig({ ...configEnv(t), RATE_LIMIT_AUTH_PER_MINUTE: String(ADDRESS_BUDGET) }),
      { db: t.db, logger: false },
    );
    try {
      const url2 = await second.server.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < ADDRESS_BUDGET; i++)
        expect((await login(i % 2 ? url2 : t.url, uniqueEmail('two'))).status).toBe(401);
      expect((await login(t.url, uniqueEmail('two'))).status).toBe(429);
      expect((await login(url2, uniqueEmail('two'))).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

function configEnv(t: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://t0.test',
    LOG_LEVEL: 'silent',
    PRICE_HISTORY: 'false',
    RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '3',
  };
}
