import { createHash, createHmac, randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import {
  ADMIN_EMAIL,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  uniqueEmail,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();

const FAILURES = 10;
const BASE_DELAY = 30;

const budgetEnv = {
  TRUST_PROXY: '127.0.0.1',
  AUTH_ACCOUNT_FAILURES: String(FAILURES),
  // Long enough that no delay ends while a test runs on a busy machine.
  AUTH_ACCOUNT_DELAY_BASE_SECONDS: String(BASE_DELAY),
};

/** A sign-in as if from `address` (the trusted local proxy appends it to X-Forwarded-For). */
function loginFrom(base: string, email: string, password: string, address: string) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

/** 60 wrong passwords for one account, each from an address of its own: statuses and Retry-After. */
async function guessFromSixtyAddresses(base: string, email: string, net: number) {
  const answers: Array<{ status: number; retryAfter: number | null }> = [];
  for (let i = 1; i <= 60; i++) {
    const res = await loginFrom(base, email, `Wrong!Pass${i}`, `10.${net}.${i}.7`);
    await res.arrayBuffer();
    answers.push({
      status: res.status,
      retryAfter: res.headers.get('retry-after') === null ? null : Number(res.headers.get('retry-after')),
    });
  }
  return answers;
}

describe.each(kinds)('sign-in budget per account across addresses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, budgetEnv);
  });
  afterAll(async () => t?.close());

  it('refuses an account after its budget of wrong passwords from 60 addresses, with growing delays; the owner signs in from a known address', async () => {
    const email = uniqueEmail('guessed');
    const knownAddress = '203.0.113.5';
    const owner = t.client();
    const reg = await owner.request(
      'POST',
      '/api/register',
      { email, password: STRONG_PASSWORD, firstName: 'Owner', lastName: 'Trader' },
      { 'x-forwarded-for': knownAddress },
    );
    expect(reg.status).toBe(200);

    const answers = await guessFromSixtyAddresses(t.url, email, 1);
    expect(answers.slice(0, FAILURES).map((a) => a.status)).toEqual(new Array(FAILURES).fill(401));
    expect(answers.slice(FAILURES).map((a) => a.status)).toEqual(new Array(60 - FAILURES).fill(429));
    for (const a of answers.slice(FAILURES)) {
      expect(a.retryAfter).toBeGreaterThanOrEqual(1);
      expect(a.retryAfter).toBeLessThanOrEqual(BASE_DELAY);
    }
    // Counted in the database: the same failures are seen from an address that never tried.
    const row = await t.db.db.selectFrom('authAccountFailures').selectAll().executeTakeFirstOrThrow();
    expect(row.failures).toBe(FAILURES);

    // An unknown e-mail is answered exactly alike (nothing tells which addresses have accounts).
    const ghost = await guessFromSixtyAddresses(t.url, uniqueEmail('ghost'), 2);
    expect(ghost.map((a) => a.status)).toEqual(answers.map((a) => a.status));

    // During the delay the right password from a new address is refused too.
    const stranger = await loginFrom(t.url, email, STRONG_PASSWORD, '192.0.2.77');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(stranger.headers.get('set-cookie')).toBeNull();

    // From the owner's known address the password is still checked: a wrong one doubles the delay...
    expect((await loginFrom(t.url, email, 'Wrong!Pass0', knownAddress)).status).toBe(401);
    const longer = await loginFrom(t.url, email, STRONG_PASSWORD, '192.0.2.78');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(BASE_DELAY);

    // ...and the right one signs the owner in.
    const ownerIn = await loginFrom(t.url, email, STRONG_PASSWORD, knownAddress);
    expect(ownerIn.status).toBe(200);
    expect((await ownerIn.json()).email).toBe(email);
    // Which ends the delay: the failures are forgotten.
    expect((await loginFrom(t.url, email, STRONG_PASSWORD, '192.0.2.79')).status).toBe(200);
  });

  it('checks no more passwords than the budget when 60 guesses from 60 addresses arrive at once', async () => {
    const email = uniqueEmail('burst');
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await loginFrom(t.url, email, `Wrong!Pass${i}`, `10.8.${i}.3`);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - FAILURES);
  });

  it('shares the delay between two server processes on one database', async () => {
    const email = uniqueEmail('shared');
    const second: App = await createApp(
      loadConfig({
        ...budgetEnv,
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
        SEED_DEMO: 'false',
        PUBLIC_URL: 'http://t0.test',
        LOG_LEVEL: 'silent',
        PRICE_HISTORY: 'false',
        RATE_LIMIT_AUTH_PER_MINUTE: '100000',
        RATE_LIMIT_AUTH_ACCOUNT_PER_MINUTE: '100000',
      }),
      { db: t.db, logger: false },
    );
    try {
      const url2 = await second.server.listen({ port: 0, host: '127.0.0.1' });
      const statuses: number[] = [];
      for (let i = 0; i < FAILURES + 2; i++)
        statuses.push((await loginFrom(i % 2 ? url2 : t.url, email, 'Wrong!Pass1', `10.9.${i}.1`)).status);
      expect(statuses).toEqual([...new Array(FAILURES).fill(401), 429, 429]);
    } finally {
      await second.close();
    }
  });
});

/** The authenticator's code now. */
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

describe.each(kinds)('second-factor step and recovery codes on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let secret = '';
  let recoveryCodes: string[] = [];
  const login = async () => {
    const c = t.client();
    const res = await c.post('/api/auth/login', { email: ADMIN_EMAIL, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.secondFactor).toBe('code_required');
    return c;
  };
  /** A code not used yet: the last accepted step is forgotten, as if the next period had come. */
  const freshCode = async () => {
    await t.db.db.updateTable('adminSecondFactors').set({ lastTimeStep: null }).execute();
    return codeOf(secret);
  };
  const wrongCode = async () => {
    const code = await codeOf(secret);
    return code === '123456' ? '654321' : '123456';
  };
  /** A wrong code, the per-minute budget of code attempts emptied first (it is not what is tested here). */
  const tryWrong = async (c: TestClient) => {
    await t.db.db.deleteFrom('authAttempts').execute();
    return c.post('/api/auth/2fa/verify', { code: await wrongCode() });
  };
  const lockMails = () => t.mails().filter((m) => m.includes('two-factor sign-in locked'));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
    const start = await admin.client.post('/api/auth/2fa/enrol');
    secret = start.body.secret;
    const ok = await admin.client.post('/api/auth/2fa/confirm', { code: await codeOf(secret) });
    expect(ok.status).toBe(200);
    recoveryCodes = ok.body.recoveryCodes;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('authAttempts').execute();
    await t.db.db.updateTable('adminSecondFactors').set({ failedAttempts: 0, lockedUntil: null }).execute();
  });

  it('locks the code step for 15 minutes after 10 wrong codes, whatever the session, and e-mails the owner', async () => {
    const mailsBefore = lockMails().length;
    const sessions = [await login(), await login()];
    for (let i = 0; i < 10; i++) {
      const res = await tryWrong(sessions[i % 2]!);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    // The 11th code is the right one: refused, in this session and in a new one.
    await t.db.db.deleteFrom('authAttempts').execute();
    const refused = await sessions[0]!.post('/api/auth/2fa/verify', { code: await freshCode() });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.body.message).toMatch(/locked/);
    expect((await sessions[0]!.get('/api/admin/users')).status).toBe(403);
    const fresh = await login();
    const alsoRefused = await fresh.post('/api/auth/2fa/verify', { code: recoveryCodes[0] });
    expect(alsoRefused.status).toBe(429);
    // The recovery code was not used up by the refused attempt.
    expect(
      (await t.db.db.selectFrom('adminRecoveryCodes').select('id').where('usedAt', 'is not', null).execute()).length,
    ).toBe(0);

    // The owner is told, once, and the console's audit log has it.
    const mails = await until(lockMails, (m) => m.length === mailsBefore + 1);
    expect(mails.at(-1)).toContain(ADMIN_EMAIL);
    expect(mails.at(-1)).toContain('10 wrong authentication codes');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('action', '=', 'secondFactor.locked')
      .execute();
    expect(audit).toEqual([{ action: 'secondFactor.locked', actorId: admin.id }]);

    // After the 15 minutes (moved into the past here) the right code is taken again.
    await t.db.db
      .updateTable('adminSecondFactors')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .execute();
    const ok = await sessions[0]!.post('/api/auth/2fa/verify', { code: await freshCode() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await sessions[0]!.get('/api/admin/users')).status).toBe(200);
  });

  it('forgets wrong codes once a right one is given, and counts ten from there', async () => {
    const c = await login();
    for (let i = 0; i < 9; i++) expect((await tryWrong(c)).status).toBe(400);
    expect((await c.post('/api/auth/2fa/verify', { code: await freshCode() })).status).toBe(200);
    // Nine more would make eighteen without the reset.
    const next = await login();
    for (let i = 0; i < 9; i++) expect((await tryWrong(next)).status).toBe(400);
    await t.db.db.deleteFrom('authAttempts').execute();
    expect((await next.post('/api/auth/2fa/verify', { code: await freshCode() })).status).toBe(200);
    // Ten in a row from there lock the step.
    const last = await login();
    for (let i = 0; i < 10; i++) expect((await tryWrong(last)).status).toBe(400);
    await t.db.db.deleteFrom('authAttempts').execute();
    expect((await last.post('/api/auth/2fa/verify', { code: await freshCode() })).status).toBe(429);
  });

  it('makes recovery codes of at least 128 bits, stored with a salted hash, accepted once', async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) {
      // Shown in groups of four for reading.
      expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4})+$/);
      const chars = code.replace(/-/g, '');
      // Drawn from an alphabet of 31 characters (no 0, 1, i, l, o).
      expect(chars).toMatch(/^[a-hjkmnp-z2-9]+$/);
      expect(chars.length * Math.log2(31)).toBeGreaterThanOrEqual(128);
    }
    const stored = await t.db.db
      .selectFrom('adminRecoveryCodes')
      .select(['codeHash'])
      .where('userId', '=', admin.id)
      .execute();
    expect(stored).toHaveLength(10);
    const plainHashes = recoveryCodes.flatMap((code) => {
      const chars = code.replace(/-/g, '');
      return [chars, code].flatMap((text) =>
        ['sha256', 'sha512', 'md5', 'sha1'].map((alg) => createHash(alg).update(text).digest('hex')),
      );
    });
    for (const { codeHash } of stored) {
      for (const plain of plainHashes) expect(codeHash).not.toContain(plain);
      for (const code of recoveryCodes) expect(codeHash).not.toContain(code.replace(/-/g, ''));
      // `<scheme>$<salt>$<hash>`: a salt of its own per code.
      const [scheme, salt, hash] = codeHash.split('$');
      expect(scheme).toBe('hmac-sha256');
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(stored.map((s) => s.codeHash.split('$')[1])).size).toBe(10);
    // One of them is the salted HMAC of the first code.
    const first = recoveryCodes[0]!.replace(/-/g, '');
    expect(
      stored.some(({ codeHash }) => {
        const [, salt, hash] = codeHash.split('$');
        return createHmac('sha256', Buffer.from(salt!, 'hex')).update(first).digest('hex') === hash;
      }),
    ).toBe(true);

    const c = await login();
    // Typed in capitals with spaces instead of dashes: the same code.
    const ok = await c.post('/api/auth/2fa/verify', { code: recoveryCodes[1]!.toUpperCase().replace(/-/g, ' ') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const again = await login();
    expect((await again.post('/api/auth/2fa/verify', { code: recoveryCodes[1] })).status).toBe(400);
  });

  it('keeps a recovery code made before (a plain SHA-256, rewritten salted by the migration) working once', async () => {
    const oldCode = 'k3m9x-p2q7w';
    const oldHex = createHash('sha256').update('k3m9xp2q7w').digest('hex');
    const salt = randomBytes(16);
    const rewritten = `hmac-sha256-of-sha256$${salt.toString('hex')}$${createHmac('sha256', salt).update(oldHex).digest('hex')}`;
    await t.db.db
      .insertInto('adminRecoveryCodes')
      .values({ userId: admin.id, codeHash: rewritten, usedAt: null })
      .execute();
    const c = await login();
    expect((await c.post('/api/auth/2fa/verify', { code: oldCode.toUpperCase() })).status).toBe(200);
    const again = await login();
    expect((await again.post('/api/auth/2fa/verify', { code: oldCode })).status).toBe(400);
  });
});
