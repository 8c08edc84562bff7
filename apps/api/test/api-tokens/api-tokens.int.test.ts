import { createHash } from 'node:crypto';
import { API_TOKEN_PATTERN, MAX_ACTIVE_API_TOKENS } from '@t0/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  until,
  type TestApp,
  type TestClient,
  VALID_SIGNAL,
} from '../harness';
import { StreamReader } from '../live-reader';

const kinds = await oneTestDbKind();

const signal = { ...VALID_SIGNAL, memo: 'Token memo' };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call with only the token (no cookie), as a script makes it. */
async function withToken(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return t.client().request(method, path, body, bearer(token));
}

async function createToken(client: TestClient, name: string, scope: 'read' | 'read-write') {
  const res = await client.post('/api/user/api-tokens', { name, scope });
  expect(res.status).toBe(200);
  return res.body as {
    token: string;
    apiToken: { id: number; name: string; scope: string; prefix: string; lastUsedAt: string | null };
  };
}

/** GET /api/stream with a token: the frames as they arrive. */
function openStream(url: string, token: string) {
  const reader = new StreamReader(url, null, undefined, bearer(token));
  return {
    frames: reader.frames,
    opened: reader.opened.then(() => reader.status),
    close: () => reader.close(),
    get ended() {
      return reader.ended;
    },
  };
}

describe.each(kinds)('personal API tokens on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let sub: Awaited<ReturnType<typeof signUpSubscriber>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    sub = await signUpSubscriber(t);
  });
  afterAll(() => t?.close());

  it('is shown once and stored only as its SHA-256', async () => {
    const { token, apiToken } = await createToken(sub.client, 'Bot', 'read');
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(apiToken).toMatchObject({ name: 'Bot', scope: 'read', lastUsedAt: null, revokedAt: null });
    expect(token.startsWith(apiToken.prefix)).toBe(true);
    const row = await t.db.db
      .selectFrom('apiTokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(7));
    const list = await sub.client.get('/api/user/api-tokens');
    expect(list.status).toBe(200);
    expect(list.body.find((x: { id: number }) => x.id === apiToken.id)).toMatchObject({
      name: 'Bot',
      prefix: apiToken.prefix,
    });
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('refuses bad input with the field named, and more than the cap of active tokens', async () => {
    const u = await signUp(t);
    const empty = await u.client.post('/api/user/api-tokens', { name: '  ', scope: 'read' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('name is required');
    const scope = await u.client.post('/api/user/api-tokens', { name: 'x', scope: 'admin' });
    expect(scope.status).toBe(400);
    expect(scope.body.message).toBe('scope must be "read" or "read-write"');
    for (let i = 0; i < MAX_ACTIVE_API_TOKENS; i++) await createToken(u.client, `t${i}`, 'read');
    const over = await u.client.post('/api/user/api-tokens', { name: 'one more', scope: 'read' });
    expect(over.status).toBe(409);
    const count = await t.db.db
      .selectFrom('apiTokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('userId', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_ACTIVE_API_TOKENS);
  });

  it('reads signals over REST with the role rules of its user now, and records its last use', async () => {
    const posted = await admin.post('/api/signals', signal);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const { token, apiToken } = await createToken(sub.client, 'Reader', 'read');
    const res = await withToken(t, token, 'GET', '/api/signals');
    expect(res.status).toBe(200);
    const s = res.body.find((x: { instrument: string }) => x.instrument === 'AUDUSD');
    expect(s.entryPrice).toBe(0.65169);
    expect((await withToken(t, token, 'GET', '/api/auth/user')).body.email).toBe(sub.email);

    const used = await t.db.db
      .selectFrom('apiTokens')
      .select('lastUsedAt')
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
    // At most once a minute: another call leaves it.
    await withToken(t, token, 'GET', '/api/signals');
    const again = await t.db.db
      .selectFrom('apiTokens')
      .select('lastUsedAt')
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(new Date(again.lastUsedAt!).getTime()).toBe(new Date(used.lastUsedAt!).getTime());

    // The subscription ends (outside the process): the same token sees levels locked.
    await sql`update users set has_active_subscription = false, access_rooms = '{}' where id = ${sub.id}`.execute(
      t.db.db,
    );
    await until(
      async () =>
        (await withToken(t, token, 'GET', '/api/signals')).body.find(
          (x: { instrument: string }) => x.instrument === 'AUDUSD',
        ),
      (x) => x.locked === true && x.entryPrice === null,
      3_000,
      20,
    );
    await sql`update users set has_active_subscription = true, access_rooms = '{"main": null}' where id = ${sub.id}`.execute(
      t.db.db,
    );
    // Admin paths stay closed to a subscriber's token.
    expect((await withToken(t, token, 'GET', '/api/admin/users')).status).toBe(403);
  });

  it('a read token cannot write (403 naming the scope); a read-write token can', async () => {
    const read = await createToken(sub.client, 'R', 'read');
    const denied = await withToken(t, read.token, 'PUT', '/api/user/preferences', { timeZone: 'UTC' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('"read" scope');
    const rw = await createToken(sub.client, 'RW', 'read-write');
    const ok = await withToken(t, rw.token, 'PUT', '/api/user/preferences', { timeZone: 'UTC' });
    expect(ok.status).toBe(200);
    expect(ok.body.timeZone).toBe('UTC');
    // Bad input through a token is the same 400 naming the field.
    const bad = await withToken(t, rw.token, 'PUT', '/api/user/preferences', { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
  });

  it('cannot manage tokens, change the password or reach /trpc', async () => {
    const rw = await createToken(sub.client, 'Script', 'read-write');
    expect(
      (await withToken(t, rw.token, 'POST', '/api/user/api-tokens', { name: 'more', scope: 'read-write' })).status,
    ).toBe(403);
    expect((await withToken(t, rw.token, 'GET', '/api/user/api-tokens')).status).toBe(403);
    expect((await withToken(t, rw.token, 'POST', `/api/user/api-tokens/${rw.apiToken.id}/revoke`)).status).toBe(403);
    const pw = await withToken(t, rw.token, 'POST', '/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'An0ther!Pass',
    });
    expect(pw.status).toBe(403);
    expect(pw.body.message).toContain('sign in');
    // The password is unchanged: signing in with it still works.
    expect((await t.client().post('/api/auth/login', { email: sub.email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    const trpc = await withToken(t, rw.token, 'GET', '/trpc/auth.user');
    expect(trpc.status).toBe(401);
    expect(trpc.body.message).toContain('/api/');
    // The token is still active after all of that.
    const row = await t.db.db
      .selectFrom('apiTokens')
      .select('revokedAt')
      .where('id', '=', rw.apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).toBeNull();
  });

  it('an unknown, malformed or revoked token is 401, at once', async () => {
    expect((await withToken(t, `t0_pat_${'x'.repeat(43)}`, 'GET', '/api/signals')).status).toBe(401);
    expect(
      (await t.client().request('GET', '/api/signals', undefined, { authorization: 'Bearer nonsense' })).status,
    ).toBe(401);
    expect((await t.client().request('GET', '/api/signals', undefined, { authorization: 'Basic abc' })).status).toBe(
      401,
    );

    const { token, apiToken } = await createToken(sub.client, 'Soon gone', 'read');
    // Answered from memory a few times first, so the revoke has something to forget.
    for (let i = 0; i < 3; i++) expect((await withToken(t, token, 'GET', '/api/signals')).status).toBe(200);
    const revoked = await sub.client.post(`/api/user/api-tokens/${apiToken.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await withToken(t, token, 'GET', '/api/signals');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Invalid or revoked API token');
    // Someone else's token id: not found, nothing changes.
    const other = await signUp(t);
    expect((await other.client.post(`/api/user/api-tokens/${apiToken.id}/revoke`)).status).toBe(404);
  });

  it('a revoke written by another process (straight to the database) stops the token within moments', async () => {
    const { token, apiToken } = await createToken(sub.client, 'Elsewhere', 'read');
    const cache = t.app.server.apiTokenCache;
    await until(
      async () => {
        const before = cache.counts.hits;
        await withToken(t, token, 'GET', '/api/auth/user');
        return cache.counts.hits > before;
      },
      (hit) => hit,
      3_000,
      20,
    );
    await sql`update api_tokens set revoked_at = now() where id = ${apiToken.id}`.execute(t.db.db);
    await until(
      async () => (await withToken(t, token, 'GET', '/api/auth/user')).status,
      (s) => s === 401,
      3_000,
      20,
    );
  });

  it('opens the live stream, and the stream ends when the token is revoked', async () => {
    const { token, apiToken } = await createToken(sub.client, 'Watcher', 'read');
    const stream = openStream(t.url, token);
    expect(await stream.opened).toBe(200);
    const posted = await admin.post('/api/signals', signal);
    expect(posted.status).toBe(200);
    const created = await until(
      () => stream.frames.find((f) => f.event === 'signal.created' && f.data.id === posted.body.id),
      (f) => f !== undefined,
      5_000,
      20,
    );
    expect(created!.data.entryPrice).toBe(0.65169);
    expect((await sub.client.post(`/api/user/api-tokens/${apiToken.id}/revoke`)).status).toBe(200);
    await until(
      () => stream.ended,
      (e) => e,
      5_000,
      20,
    );
    expect(stream.frames.at(-1)?.event).toBe('session.ended');
    // The user's own session is untouched.
    expect((await sub.client.get('/api/auth/user')).status).toBe(200);
    stream.close();
  });

  it('the OpenAPI document declares the bearer scheme (and the session alone for managing tokens)', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/signals'].get.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/stream'].get.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/user/api-tokens'].post.security).toEqual([{ cookieAuth: [] }]);
    expect(doc.paths['/auth/change-password'].post.security).toEqual([{ cookieAuth: [] }]);
  });

  it('without a token the stream needs a session (401)', async () => {
    const res = await fetch(t.url + '/api/stream', { headers: { ...bearer(`t0_pat_${'y'.repeat(43)}`) } });
    expect(res.status).toBe(401);
    await res.arrayBuffer();
  });
});

describe('failed API tokens and the sign-in budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  });
  afterAll(() => t?.close());

  it('counts each refused token against the address: past the budget 429 with Retry-After', async () => {
    const wrong = `t0_pat_${'z'.repeat(43)}`;
    for (let i = 0; i < 3; i++) expect((await withToken(t, wrong, 'GET', '/api/signals')).status).toBe(401);
    const limited = await withToken(t, wrong, 'GET', '/api/signals');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
