import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  proveAdminEmail,
  signUp,
  startTestApp,
  STRONG_PASSWORD,
  testDbKinds,
  uniqueEmail,
  until,
  type TestApp,
} from '../harness';

const kinds = await testDbKinds();

describe.each(kinds)('accounts over REST on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** Reset-mail jobs queued (in the outbox or the job queue) and not run yet. */
  const resetMailsQueued = async () => {
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from outbox where relayed_at is null and job = 'password-reset-mail')
        + (select count(*) from pgboss.job where name = 'password-reset-mail' and state in ('created', 'retry', 'active'))
        as n`.execute(t.db.db);
    return Number(rows[0]!.n);
  };

  it('walks the whole account life: register → … → reset → logout', async () => {
    const email = uniqueEmail('life');
    const c = t.client();

    const reg = await c.post('/api/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
    // Registering signs in: it counts as the first login for the console's activity figures.
    const registered = await t.db.db
      .selectFrom('users')
      .select(['lastLoginAt', 'ipAddress', 'sessionId'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(registered.lastLoginAt).toBeInstanceOf(Date);
    expect(registered.ipAddress).toBe('127.0.0.1');
    expect(registered.sessionId).toMatch(/^[0-9a-f]{16}$/);

    // A fresh client signs in with the password.
    const u = t.client();
    const login = await u.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      email,
      isAdmin: false,
      hasActiveSubscription: false,
      subscriptionStatus: 'inactive',
    });
    expect(login.headers.get('set-cookie')).toMatch(/t0\.sid=.*HttpOnly.*SameSite=Lax/i);

    const me = await u.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        // The rooms the account holds, beside the spec's fields.
        'access',
        'email',
        'firstName',
        'hasActiveSubscription',
        'id',
        'isAdmin',
        'lastName',
        'profileImageUrl',
        'secondFactor',
        'subscriptionStatus',
      ].sort(),
    );

    const profile = await u.patch('/api/auth/profile', { firstName: 'Grace', lastName: 'Hopper' });
    expect(profile.status).toBe(200);
    expect((await u.get('/api/auth/user')).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    const newPassword = 'An0ther!Secret';
    expect((await u.post('/api/auth/change-password', { currentPassword: 'wrong', newPassword })).status).toBe(400);
    const changed = await u.post('/api/auth/change-password', { currentPassword: STRONG_PASSWORD, newPassword });
    expect(changed.status).toBe(200);
    expect((await u.get('/api/auth/user')).status).toBe(200); // this device stays signed in
    expect((await c.get('/api/auth/user')).status).toBe(401); // the other device is signed out

    // Settings: defaults first, then what was saved.
    expect((await u.get('/api/auth/trading-config')).body).toEqual({
      positionSize: '2',
      riskTolerance: 'moderate',
      autoExecute: false,
      maxDailyTrades: '10',
      accountSize: null,
    });
    expect((await u.get('/api/auth/notification-settings')).body).toEqual({
      emailNotifications: true,
      smsAlerts: false,
      tradingSignals: true,
      priceAlerts: true,
    });
    const tc = { positionSize: '5', riskTolerance: 'aggressive', autoExecute: true, maxDailyTrades: '25' };
    expect((await u.post('/api/auth/trading-config', tc)).status).toBe(200);
    expect((await u.get('/api/auth/trading-config')).body).toEqual({ ...tc, accountSize: null });
    const ns = { emailNotifications: false, smsAlerts: true, tradingSignals: false, priceAlerts: false };
    expect((await u.post('/api/auth/notification-settings', ns)).status).toBe(200);
    expect((await u.get('/api/auth/notification-settings')).body).toEqual(ns);
    const row = await t.db.db
      .selectFrom('users')
      .select('emailNotificationsEnabled')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.emailNotificationsEnabled).toBe(false);

    // Forgot → reset with the token from the mail.
    const before = t.mails().length;
    const forgot = await t.client().post('/api/auth/forgot-password', { email });
    expect(forgot.status).toBe(200);
    // The link is mailed by the job queue, after the answer.
    const mails = await until(
      () => t.mails(),
      (m) => m.length > before,
    );
    expect(mails.length).toBe(before + 1);
    const link = mails.at(-1)!.match(/http:\/\/t0\.test\/reset-password\?token=([0-9a-f]{64})&email=([^\s]+)/);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(decodeURIComponent(link![2]!)).toBe(email);
    const stored = await t.db.db.selectFrom('passwordResetTokens').select('token').where('email', '=', email).execute();
    expect(stored.map((s) => s.token)).not.toContain(token); // only the hash is stored

    const finalPassword = 'Th1rd!Password';
    const reset = await t.client().post('/api/auth/reset-password', { token, email, newPassword: finalPassword });
    expect(reset.status).toBe(200);
    expect((await u.get('/api/auth/user')).status).toBe(401); // sessions end at a reset

    // The token works once.
    const again = await t.client().post('/api/auth/reset-password', { token, email, newPassword: 'Fourth!Passw0rd' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The password reset link is invalid or expired.');

    // Old password refused, new one works.
    const old = await t.client().post('/api/auth/login', { email, password: newPassword });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid email or password');
    const fresh = t.client();
    expect((await fresh.post('/api/login', { email, password: finalPassword })).status).toBe(200);

    // Logout is a navigation: it redirects home and the session is gone.
    const out = await fresh.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await fresh.get('/api/auth/user')).status).toBe(401);
  });

  it('issues a new session id at login', async () => {
    const { email, password } = await signUp(t);
    const c = t.client();
    await c.post('/api/auth/login', { email, password });
    const first = c.cookieHeader;
    await c.post('/api/auth/login', { email, password });
    expect(c.cookieHeader).not.toBe(first);
    const stale = t.client();
    const res = await stale.request('GET', '/api/auth/user', undefined, { cookie: first });
    expect(res.status).toBe(401);
  });

  it('refuses a duplicate registration, case-insensitively', async () => {
    const email = uniqueEmail('dup');
    expect(
      (await t.client().post('/api/register', { email, password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' }))
        .status,
    ).toBe(200);
    const dup = await t
      .client()
      .post('/api/register', { email: email.toUpperCase(), password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An account with this email already exists');
  });

  it('gives each weak password its spec message', async () => {
    const cases: Array<[string, string, string]> = [
      ['Ab!1', 'Password must be at least 8 characters', 'too_short'],
      ['abcdefg!1', 'Password must contain at least 1 uppercase letter', 'invalid_format'],
      ['Abcdefgh1', 'Password must contain at least 1 special character', 'invalid_format'],
    ];
    for (const [password, message, code] of cases) {
      const res = await t
        .client()
        .post('/api/register', { email: uniqueEmail('weak'), password, firstName: 'A', lastName: 'B' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fields[0]).toEqual({ path: 'password', code, message });
    }
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token: '', email: 'a@b.co', newPassword: 'Str0ng!Pass' });
    expect(reset.body.message).toBe('Reset token is required');
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await signUp(t);
    const wrong = await t.client().post('/api/auth/login', { email, password: 'Wrong!Pass1' });
    const unknown = await t.client().post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong!Pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('answers forgot-password the same whether or not the address exists', async () => {
    const { email } = await signUp(t);
    const before = t.mails().length;
    const known = await t.client().post('/api/forgot-password', { email });
    const unknown = await t.client().post('/api/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Both were queued alike; once the queue has run them, one mail went out, to the account.
    await until(resetMailsQueued, (n) => n === 0);
    expect(t.mails().length).toBe(before + 1);
    expect(t.mails().at(-1)).toContain(`To: ${email}`);
  });

  it('refuses an expired reset token', async () => {
    const { email } = await signUp(t);
    await t.client().post('/api/auth/forgot-password', { email });
    const mail = await until(
      () => t.mails().find((m) => m.includes(`To: ${email}`) && /token=[0-9a-f]{64}/.test(m)),
      (m) => m !== undefined,
    );
    const token = mail!.match(/token=([0-9a-f]{64})/)![1]!;
    await t.db.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const res = await t.client().post('/api/auth/reset-password', { token, email, newPassword: 'N3w!Password' });
    expect(res.status).toBe(400);
  });

  it('answers 401 to anonymous calls on every signed-in path', async () => {
    const c = t.client();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth/user'],
      ['PATCH', '/api/auth/profile', { firstName: 'A', lastName: 'B' }],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'Str0ng!Pass' }],
      ['GET', '/api/auth/trading-config'],
      [
        'POST',
        '/api/auth/trading-config',
        { positionSize: '2', riskTolerance: 'moderate', autoExecute: false, maxDailyTrades: '10' },
      ],
      ['GET', '/api/auth/notification-settings'],
      [
        'POST',
        '/api/auth/notification-settings',
        { emailNotifications: true, smsAlerts: false, tradingSignals: true, priceAlerts: true },
      ],
    ];
    for (const [method, p, body] of calls) {
      const res = await c.request(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(res.body.message).toBe('Unauthorized');
    }
  });

  it('treats an ADMIN_EMAILS address as admin and subscribed once its owner followed the link mailed to it', async () => {
    const c = t.client();
    await c.post('/api/register', {
      email: ADMIN_EMAIL.toUpperCase(),
      password: STRONG_PASSWORD,
      firstName: 'Ad',
      lastName: 'Min',
    });
    expect((await c.get('/api/auth/user')).body).toMatchObject({
      isAdmin: false,
      hasActiveSubscription: false,
      adminEmailPending: true,
    });
    await proveAdminEmail(t, c, ADMIN_EMAIL);
    const me = await c.get('/api/auth/user');
    expect(me.body).toMatchObject({ isAdmin: true, hasActiveSubscription: true });
    expect(me.body).not.toHaveProperty('adminEmailPending');
  });

  it('answers bad input with 400/413 and a message naming the field, changing nothing', async () => {
    const c = t.client();
    const count = async () =>
      (
        await t.db.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const malformed = await c.request('POST', '/api/register', '{"email": "x@y.z",', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const wrongType = await c.post('/api/register', {
      email: 42,
      password: STRONG_PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Invalid email address');
    const missing = await c.post('/api/register', { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('First name is required');
    const trading = await (
      await signUp(t)
    ).client.post('/api/auth/trading-config', {
      positionSize: '3',
      riskTolerance: 'moderate',
      autoExecute: false,
      maxDailyTrades: '1',
    });
    expect(trading.status).toBe(400);
    expect(trading.body.message).toMatch(/Position size/);
    const stringly = await (
      await signUp(t)
    ).client.post('/api/auth/trading-config', {
      positionSize: '2',
      riskTolerance: 'moderate',
      autoExecute: 'false',
      maxDailyTrades: '1',
    });
    expect(stringly.status).toBe(400);
    expect(stringly.body.message).toBe('autoExecute must be true or false');
    const huge = await c.request(
      'POST',
      '/api/register',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      { 'content-type': 'application/json' },
    );
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/too large/i);
    expect(await count()).toBe(before + 2); // only the two signUps above
    const unknown = await c.get('/api/no-such-path');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
  });

  it('refuses a cross-site mutation', async () => {
    const res = await t
      .client()
      .request('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('documents every account path with request and response schemas', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const expected: Array<[string, string, boolean]> = [
      ['get', '/auth/user', false],
      ['post', '/auth/login', true],
      ['post', '/login', true],
      ['post', '/register', true],
      ['post', '/auth/forgot-password', true],
      ['post', '/forgot-password', true],
      ['post', '/auth/reset-password', true],
      ['patch', '/auth/profile', true],
      ['post', '/auth/change-password', true],
      ['get', '/auth/trading-config', false],
      ['post', '/auth/trading-config', true],
      ['get', '/auth/notification-settings', false],
      ['post', '/auth/notification-settings', true],
    ];
    for (const [method, p, hasBody] of expected) {
      const op = doc.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema, `${method} ${p} response`).toBeDefined();
      if (hasBody) expect(op.requestBody.content['application/json'].schema, `${method} ${p} request`).toBeDefined();
    }
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 't0.sid' });
    const docs = await t.client().get('/api/docs');
    expect(docs.status).toBe(200);
    expect(String(docs.body)).toContain('swagger-ui');
  });

  it('reports health', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('health without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const t = await startTestApp('pglite');
    try {
      await t.db.close();
      const res = await t.client().get('/api/health');
      expect(res.status).toBe(503);
    } finally {
      await t.app.server.close();
    }
  });
});
