import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { signUp, startTestApp, STRONG_PASSWORD, testDbKinds, TestClient, type TestApp } from '../harness';

const kinds = await testDbKinds();
const OLD_SECRET = 'old-secret-old-secret-old-secret-000000';
const NEW_SECRET = 'new-secret-new-secret-new-secret-111111';

/** The session id inside a client's `t0.sid` cookie (`<id>.<signature>`, percent-encoded). */
function sidOf(client: TestClient): string {
  const value = decodeURIComponent(/t0\.sid=([^;]+)/.exec(client.cookieHeader)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
}

const rowOf = async (t: TestApp, sid: string) =>
  (await sql<{ sess: unknown }>`select sess from sessions where sid = ${sid}`.execute(t.db.db)).rows[0];

describe.each(kinds)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { SESSION_SECRET: OLD_SECRET });
  });
  afterAll(() => t?.close());

  it('a daily touch racing a sign-out does not bring the session back', async () => {
    const u = await signUp(t);
    const sid = sidOf(u.client);
    // A day and a bit since the last touch: the next request saves the session again.
    const stale = Date.now() - 25 * 60 * 60 * 1000;
    await sql`update sessions set sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(${stale}::bigint))::json where sid = ${sid}`.execute(
      t.db.db,
    );
    await waitUntilForgotten(t, u.client);
    // The poll reads the session (with its old touch) before the sign-out deletes it, and saves after.
    const store = t.app.server.sessionStore;
    const realSave = store.save.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let touched!: () => void;
    const touching = new Promise<void>((r) => (touched = r));
    store.save = async (...args) => {
      touched();
      await gate;
      return realSave(...args);
    };
    try {
      const poll = u.client.get('/api/auth/user');
      await touching;
      await sql`delete from sessions where sid = ${sid}`.execute(t.db.db);
      release();
      expect((await poll).status).toBe(200);
    } finally {
      store.save = realSave;
    }
    expect(await rowOf(t, sid)).toBeUndefined();
    const after = await new TestClient(t.url).request('GET', '/api/auth/user', undefined, {
      cookie: u.client.cookieHeader,
    });
    expect(after.status).toBe(401);
  });

  it('saves nothing for an answer that failed', async () => {
    const u = await signUp(t);
    const sid = sidOf(u.client);
    const stale = Date.now() - 25 * 60 * 60 * 1000;
    await sql`update sessions set sess = jsonb_set(sess::jsonb, '{seenAt}', to_jsonb(${stale}::bigint))::json where sid = ${sid}`.execute(
      t.db.db,
    );
    await waitUntilForgotten(t, u.client);
    // A 404 would have touched the session; it must not write it.
    const missing = await u.client.get('/api/signals/999999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.getSetCookie()).toEqual([]);
    const row = await rowOf(t, sid);
    const sess = (typeof row!.sess === 'string' ? JSON.parse(row!.sess) : row!.sess) as { seenAt: number };
    expect(sess.seenAt).toBe(stale);
    // A good answer touches it (an UPDATE of the existing row).
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    const touched = await rowOf(t, sid);
    const after = (typeof touched!.sess === 'string' ? JSON.parse(touched!.sess) : touched!.sess) as { seenAt: number };
    expect(after.seenAt).toBeGreaterThan(stale);
  });

  it('accepts a cookie signed with an older secret after rotation, and signs new ones with the first', async () => {
    const u = await signUp(t);
    // A second server on the same database with the secrets rotated: the new one first, the old one still accepted.
    const rotated = await serverOn(t, `${NEW_SECRET}, ${OLD_SECRET}`);
    const onlyOld = await serverOn(t, OLD_SECRET);
    try {
      const res = await new TestClient(rotated.url).request('GET', '/api/auth/user', undefined, {
        cookie: u.client.cookieHeader,
      });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(u.email);
      // A new sign-in is signed with the new secret, which a server knowing only the old one refuses.
      const c = new TestClient(rotated.url);
      expect((await c.post('/api/auth/login', { email: u.email, password: STRONG_PASSWORD })).status).toBe(200);
      expect((await c.get('/api/auth/user')).status).toBe(200);
      const refused = await new TestClient(onlyOld.url).request('GET', '/api/auth/user', undefined, {
        cookie: c.cookieHeader,
      });
      expect(refused.status).toBe(401);
    } finally {
      await rotated.app.close();
      await onlyOld.app.close();
    }
  });
});

/** Another server process's worth of product on the test app's database, with these secrets. */
async function serverOn(t: TestApp, secret: string): Promise<{ app: App; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SESSION_SECRET: secret,
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    PUBLIC_URL: 'http://t0.test',
    LOG_LEVEL: 'silent',
    PRICE_HISTORY: 'false',
  });
  const app = await createApp(config, { db: t.db, logger: false });
  const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

describe('the session cookie in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { NODE_ENV: 'production', TRUST_PROXY: 'true', PUBLIC_URL: 'https://t0.test' });
  });
  afterAll(() => t?.close());

  it('is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, on path /', async () => {
    const res = await fetch(`${t.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', origin: 'https://t0.test' },
      body: JSON.stringify({
        email: `prod${Date.now()}@t0.test`,
        password: STRONG_PASSWORD,
        firstName: 'P',
        lastName: 'Q',
      }),
    });
    expect(res.status).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-t0\.sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
  });
});

/** Waits until the session's change has reached this process (its cached copy is gone). */
async function waitUntilForgotten(t: TestApp, client: TestClient) {
  const sid = sidOf(client);
  await vi.waitFor(
    () => {
      if (t.app.server.sessionCache.get(sid)) throw new Error('still cached');
    },
    { timeout: 3_000, interval: 20 },
  );
}
