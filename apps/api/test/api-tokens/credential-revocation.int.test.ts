import { createParser } from 'eventsource-parser';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../src/app';
import {
  ADMIN_EMAIL,
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  TestClient,
  testDbKinds,
  until,
  type TestApp,
} from '../harness';

const kinds = await testDbKinds();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call with only the token (no cookie), as a script makes it. */
const withToken = (t: { client(): TestClient }, token: string, method: string, path: string, body?: unknown) =>
  t.client().request(method, path, body, bearer(token));

async function mint(
  client: TestClient,
  name: string,
  scope: 'read' | 'read-write' = 'read-write',
  extra: Record<string, unknown> = {},
) {
  const res = await client.post('/api/user/api-tokens', { name, scope, ...extra });
  expect(res.status).toBe(200);
  return res.body as { token: string; apiToken: { id: number; name: string; expiresAt: string | null } };
}

/** An open GET /api/stream read as a script would, with a cookie or a token. */
class Stream {
  readonly events: string[] = [];
  ended = false;
  status = 0;
  private readonly abort = new AbortController();
  readonly opened: Promise<void>;
  constructor(base: string, headers: Record<string, string>) {
    this.opened = fetch(base + '/api/stream', {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: this.abort.signal,
    }).then((res) => {
      this.status = res.status;
      void this.read(res);
    });
  }
  private async read(res: Response) {
    const parser = createParser({
      onEvent: ({ event }) => {
        if (event) this.events.push(event);
      },
    });
    try {
      for await (const text of res.body!.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>)
        parser.feed(text);
    } catch {
      /* aborted */
    }
    this.ended = true;
  }
  close() {
    this.abort.abort();
  }
}

async function openStream(url: string, headers: Record<string, string>) {
  const s = new Stream(url, headers);
  await s.opened;
  expect(s.status).toBe(200);
  // Give the hub a moment to register the stream.
  await new Promise((r) => setTimeout(r, 100));
  return s;
}

/** Asks for a reset link and answers the token mailed for it. */
async function resetPassword(t: TestApp, email: string, newPassword = 'N3w!Passw0rd') {
  const before = t.mails().length;
  expect((await t.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
  // Mailed by the job queue, after the answer.
  const mails = await until(
    () => t.mails(),
    (m) => m.length > before,
  );
  expect(mails.length).toBe(before + 1);
  const token = mails.at(-1)!.match(/token=([0-9a-f]{64})/)![1]!;
  const res = await t.client().post('/api/auth/reset-password', { token, email, newPassword });
  expect(res.status).toBe(200);
}

/** The e-mail to `email` that lists revoked tokens (waits for the job that sends it). */
const revokedMail = (t: TestApp, email: string) =>
  until(
    () => t.mails().find((m) => m.includes(email) && /API tokens? revoked/.test(m)),
    (m) => m !== undefined,
    10_000,
  );

describe.each(kinds)('credential events end sessions, streams and API tokens on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('authAttempts').execute();
  });

  it('ends a stream opened with a cookie within 2 s of a password reset', async () => {
    const u = await signUp(t);
    const s = await openStream(t.url, { cookie: u.client.cookieHeader });
    const started = Date.now();
    await resetPassword(t, u.email);
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(Date.now() - started).toBeLessThan(2000 + 1000);
    expect(s.events).toContain('session.ended');
    // The old cookie is signed out.
    expect((await u.client.get('/api/auth/user')).status).toBe(401);
  });

  it("ends a stream opened with a cookie within 2 s of the console's sign-out-everywhere", async () => {
    const u = await signUp(t);
    const s = await openStream(t.url, { cookie: u.client.cookieHeader });
    const res = await admin.client.post(`/api/admin/users/${u.id}/sign-out-everywhere`, {});
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(s.events).toContain('session.ended');
  });

  it("refuses (401) a token after its owner's password reset, and e-mails the owner the revoked tokens' names", async () => {
    const u = await signUp(t);
    const a = await mint(u.client, 'Reset bot one');
    const b = await mint(u.client, 'Reset bot two', 'read');
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    const stream = await openStream(t.url, bearer(b.token));
    await resetPassword(t, u.email);
    for (const tok of [a, b]) {
      const res = await withToken(t, tok.token, 'GET', '/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/revoked/);
    }
    await vi.waitFor(() => expect(stream.ended).toBe(true), { timeout: 2000, interval: 20 });
    const mail = await revokedMail(t, u.email);
    expect(mail).toContain('Reset bot one');
    expect(mail).toContain('Reset bot two');
    expect(mail).toMatch(/password .* was reset/);
    expect(mail).not.toContain(a.token.slice(7));
  });

  it("refuses (401) a token after its owner's password change; this device stays signed in", async () => {
    const u = await signUp(t);
    const a = await mint(u.client, 'Change bot');
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    const res = await u.client.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'N3w!Passw0rd',
    });
    expect(res.status).toBe(200);
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await u.client.get('/api/auth/user')).status).toBe(200);
    expect((await u.client.get('/api/user/api-tokens')).body[0]).toMatchObject({
      name: 'Change bot',
      revokedAt: expect.any(String),
    });
    const mail = await revokedMail(t, u.email);
    expect(mail).toContain('Change bot');
    expect(mail).toMatch(/password .* was changed/);
  });

  it("refuses (401) a token after the console's sign-out-everywhere, and says how many were revoked", async () => {
    const u = await signUp(t);
    const a = await mint(u.client, 'Everywhere bot');
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    const res = await admin.client.post(`/api/admin/users/${u.id}/sign-out-everywhere`, {});
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/1 API token revoked/);
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(401);
    expect(await revokedMail(t, u.email)).toContain('Everywhere bot');
    // The event the live hub acts on was written with it.
    const events = await t.db.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('audience', '=', `user:${u.id}`)
      .execute();
    expect(events.map((e) => e.type)).toContain('session.ended');
  });

  it('writes nothing when the change fails: the sessions, tokens and event stay as they were', async () => {
    const u = await signUp(t);
    const a = await mint(u.client, 'Kept bot');
    const wrong = await u.client.post('/api/auth/change-password', {
      currentPassword: 'Wr0ng!Password',
      newPassword: 'N3w!Passw0rd',
    });
    expect(wrong.status).toBe(400);
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    const events = await t.db.db
      .selectFrom('events')
      .select('type')
      .where('audience', '=', `user:${u.id}`)
      .where('type', '=', 'session.ended')
      .execute();
    expect(events).toEqual([]);
  });

  it('a token cannot set up, turn off or renew the second factor, nor mint a token (403 saying why)', async () => {
    const a = await mint(admin.client, 'Admin script');
    for (const [path, body] of [
      ['/api/auth/2fa/enrol', undefined],
      ['/api/auth/2fa/confirm', { code: '123456' }],
      ['/api/auth/2fa/disable', { code: '123456' }],
      ['/api/auth/2fa/recovery-codes', { code: '123456' }],
      ['/api/user/api-tokens', { name: 'Child', scope: 'read' }],
    ] as const) {
      const res = await withToken(t, a.token, 'POST', path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(/API tokens cannot do this.*signed-in session/);
    }
    expect(await t.db.db.selectFrom('adminSecondFactors').selectAll().where('userId', '=', admin.id).execute()).toEqual(
      [],
    );
  });

  it('mints tokens that expire after 30, 90 (the default) or 365 days, or never; a bad value is a 400 naming the field', async () => {
    const u = await signUp(t);
    const day = 86_400_000;
    const near = (iso: string | null, days: number) =>
      Math.abs(new Date(iso!).getTime() - (Date.now() + days * day)) < 60_000;
    expect(near((await mint(u.client, 'Default')).apiToken.expiresAt, 90)).toBe(true);
    expect(near((await mint(u.client, 'Month', 'read', { expiresInDays: 30 })).apiToken.expiresAt, 30)).toBe(true);
    expect(near((await mint(u.client, 'Year', 'read', { expiresInDays: 365 })).apiToken.expiresAt, 365)).toBe(true);
    expect((await mint(u.client, 'Forever', 'read', { expiresInDays: null })).apiToken.expiresAt).toBeNull();
    for (const bad of [7, '90', 0]) {
      const res = await u.client.post('/api/user/api-tokens', { name: 'Bad', scope: 'read', expiresInDays: bad });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('expiresInDays');
    }
    const listed = (await u.client.get('/api/user/api-tokens')).body as Array<{
      name: string;
      expiresAt: string | null;
    }>;
    expect(listed.find((x) => x.name === 'Forever')!.expiresAt).toBeNull();
    expect(near(listed.find((x) => x.name === 'Month')!.expiresAt, 30)).toBe(true);
  });

  it('refuses (401) a token past its expiry, also when this process has it cached', async () => {
    const u = await signUp(t);
    const a = await mint(u.client, 'Short-lived', 'read', { expiresInDays: 30 });
    // Used once: the process keeps it resolved in memory.
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    // Thirty-one days pass: the cached token is refused all the same.
    vi.useFakeTimers({ toFake: ['Date'] });
    let res;
    try {
      vi.setSystemTime(Date.now() + 31 * 86_400_000);
      res = await withToken(t, a.token, 'GET', '/api/auth/user');
    } finally {
      vi.useRealTimers();
    }
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired on/);
    // Read from the database (not cached): refused as well.
    await sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${a.apiToken.id}`.execute(
      t.db.db,
    );
    t.app.server.apiTokenCache.clear();
    res = await withToken(t, a.token, 'GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired on/);
    // A stream cannot be opened with it either.
    const s = await fetch(t.url + '/api/stream', { headers: bearer(a.token) });
    expect(s.status).toBe(401);
    await s.body?.cancel();
  });

  it("an administrator's token minted before the second factor was turned on loses the administrator role until re-minted", async () => {
    const older = await mint(admin.client, 'Before 2FA', 'read');
    expect((await withToken(t, older.token, 'GET', '/api/admin/users/search')).status).toBe(200);

    const start = await admin.client.post('/api/auth/2fa/enrol');
    expect(start.status).toBe(200);
    const secret = start.body.secret as string;
    const ok = await admin.client.post('/api/auth/2fa/confirm', { code: await generate({ secret }) });
    expect(ok.status).toBe(200);

    const refused = await withToken(t, older.token, 'GET', '/api/admin/users/search');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/created before two-factor authentication was turned on/);
    // Still the owner's token for what any account may do.
    expect((await withToken(t, older.token, 'GET', '/api/auth/user')).body).toMatchObject({
      id: admin.id,
      isAdmin: false,
    });

    // A token minted now, from the session past its second factor, carries the role.
    const newer = await mint(admin.client, 'After 2FA', 'read');
    expect((await withToken(t, newer.token, 'GET', '/api/admin/users/search')).status).toBe(200);
  });
});

describe.runIf(kinds.includes('pg'))('credential events across API processes', () => {
  let t: TestApp;
  let second: App;
  let secondUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pg');
    second = await createApp(t.config, { db: t.db, logger: false });
    secondUrl = await second.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('ends a cookie stream on one process within 2 s of sign-out-everywhere performed on another', async () => {
    const onSecond = { client: () => new TestClient(secondUrl) };
    const u = await signUp(t);
    await signUpAdmin(t);
    // The administrator acts from the second process.
    const adminClient = onSecond.client();
    expect((await adminClient.post('/api/auth/login', { email: ADMIN_EMAIL, password: STRONG_PASSWORD })).status).toBe(
      200,
    );

    const s = await openStream(t.url, { cookie: u.client.cookieHeader });
    const a = await mint(u.client, 'Other process bot');
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await withToken(onSecond, a.token, 'GET', '/api/auth/user')).status).toBe(200);

    const res = await adminClient.post(`/api/admin/users/${u.id}/sign-out-everywhere`, {});
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(s.events).toContain('session.ended');
    // The token is refused on both processes (each had it cached).
    expect((await withToken(t, a.token, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await withToken(onSecond, a.token, 'GET', '/api/auth/user')).status).toBe(401);
  });
});
