import { appRouter } from '@t0/server';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  until,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();

/** The authenticator's code, `steps` 30 s periods from now. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Every tRPC procedure but the subscriptions, with how it is called over /trpc. */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, p]) => p._def.type !== 'subscription')
  .map(([path, p]) => ({ path, type: p._def.type }));

const callTrpc = (c: TestClient, p: { path: string; type: string }) =>
  p.type === 'query' ? c.get(`/trpc/${p.path}`) : c.post(`/trpc/${p.path}`, {});

describe.each(kinds)('administrator second factor on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let secret = '';
  let recoveryCodes: string[] = [];
  const login = async (userAgent = 'T0TestBrowser/2fa') => {
    const c = t.client();
    const res = await c.request(
      'POST',
      '/api/auth/login',
      { email: ADMIN_EMAIL, password: STRONG_PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(res.status).toBe(200);
    return { c, res };
  };
  /** A code not used yet: the last accepted step is forgotten, as if the next period had come. */
  const freshCode = async () => {
    await t.db.db.updateTable('adminSecondFactors').set({ lastTimeStep: null }).execute();
    return codeOf(secret);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
  });
  afterAll(async () => t?.close());
  // Each test starts with a fresh budget of code attempts (five a minute).
  beforeEach(async () => {
    await t.db.db.deleteFrom('authAttempts').execute();
  });

  it('enrols with a secret shown as a QR code and text, confirmed by a code, and gives ten recovery codes once', async () => {
    const status = await admin.client.get('/api/auth/2fa');
    expect(status.body).toMatchObject({ enabled: false, required: false, state: 'not_needed', recoveryCodesLeft: 0 });
    const start = await admin.client.post('/api/auth/2fa/enrol');
    expect(start.status).toBe(200);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(start.body.otpauthUrl).toContain(`secret=${start.body.secret}`);
    expect(start.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    secret = start.body.secret;

    const wrong = await admin.client.post('/api/auth/2fa/confirm', {
      code: '000000' === (await codeOf(secret)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/not valid/);
    const badShape = await admin.client.post('/api/auth/2fa/confirm', { code: 'abc' });
    expect(badShape.status).toBe(400);
    expect(badShape.body.message).toBe('Enter the 6-digit code from your authenticator app');
    expect((await admin.client.get('/api/auth/2fa')).body.enabled).toBe(false);

    const ok = await admin.client.post('/api/auth/2fa/confirm', { code: await codeOf(secret) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    recoveryCodes = ok.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored hashed: no code appears in the database.
    const stored = await t.db.db.selectFrom('adminRecoveryCodes').select('codeHash').execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    // This session gave a code: it stays admin-capable.
    expect((await admin.client.get('/api/auth/user')).body).toMatchObject({ isAdmin: true, secondFactor: 'passed' });
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
    expect((await admin.client.get('/api/auth/2fa')).body).toMatchObject({
      enabled: true,
      state: 'passed',
      recoveryCodesLeft: 10,
    });
    // A second enrolment is refused while it is on.
    expect((await admin.client.post('/api/auth/2fa/enrol')).status).toBe(409);
  });

  it('a password alone reaches no administrator procedure, over tRPC or REST', { timeout: 120_000 }, async () => {
    const { c: passwordOnly, res } = await login();
    expect(res.body).toMatchObject({ isAdmin: false, secondFactor: 'code_required' });
    const plainUser = (await signUp(t)).client;

    const refused: string[] = [];
    // The second factor's own procedures are the way in; every other one refused to a plain user
    // for want of the role must be refused to a session that gave only the password.
    for (const p of procedures.filter((x) => !x.path.startsWith('secondFactor.'))) {
      const asUser = await callTrpc(plainUser, p);
      if (asUser.status !== 403 || asUser.body?.error?.message !== 'Administrator privileges required') continue;
      const asHalfSignedIn = await callTrpc(passwordOnly, p);
      expect(asHalfSignedIn.status, p.path).toBe(403);
      expect(asHalfSignedIn.body.error.data.secondFactor, p.path).toBe('code_required');
      refused.push(p.path);
    }
    expect(refused).toEqual(
      expect.arrayContaining(['admin.users', 'signals.create', 'notifications.create', 'blog.create', 'audit.list']),
    );

    const doc = (await t.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    let restChecked = 0;
    for (const [p, ops] of Object.entries(doc.paths).filter(([x]) => !x.startsWith('/auth/2fa') && x !== '/stream')) {
      for (const method of Object.keys(ops)) {
        const url = `/api${p.replace(/\{[^}]+\}/g, '1')}`;
        const send = (c: TestClient) =>
          c.request(method.toUpperCase(), url, ['get', 'delete'].includes(method) ? undefined : {});
        const asUser = await send(plainUser);
        if (asUser.status !== 403 || asUser.body?.message !== 'Administrator privileges required') continue;
        const asHalfSignedIn = await send(passwordOnly);
        expect(asHalfSignedIn.status, `${method} ${url}`).toBe(403);
        expect(asHalfSignedIn.body.secondFactor, `${method} ${url}`).toBe('code_required');
        restChecked += 1;
      }
    }
    expect(restChecked).toBeGreaterThan(10);
  });

  it('a password alone cannot mint an API token (which would act without the second factor); after the code it can', async () => {
    const { c } = await login();
    const refused = await c.post('/api/user/api-tokens', { name: 'script', scope: 'read' });
    expect(refused.status).toBe(403);
    expect(refused.body.secondFactor).toBe('code_required');
    expect(await t.db.db.selectFrom('apiTokens').select('id').execute()).toEqual([]);

    expect((await c.post('/api/auth/2fa/verify', { code: await freshCode() })).status).toBe(200);
    const minted = await c.post('/api/user/api-tokens', { name: 'script', scope: 'read' });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const bearer = t.client();
    const res = await bearer.request('GET', '/api/admin/users', undefined, {
      authorization: `Bearer ${minted.body.token as string}`,
    });
    expect(res.status).toBe(200);
  });

  it('with the code the session becomes admin-capable; the same code is not accepted twice', async () => {
    const { c } = await login();
    const code = await freshCode();
    const bad = await c.post('/api/auth/2fa/verify', { code: code === '123456' ? '654321' : '123456' });
    expect(bad.status).toBe(400);
    const ok = await c.post('/trpc/secondFactor.verify', { code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.data).toMatchObject({ isAdmin: true, hasActiveSubscription: true, secondFactor: 'passed' });
    expect((await c.get('/api/admin/users')).status).toBe(200);
    expect((await c.get('/trpc/admin.users')).status).toBe(200);
    // The same code from another sign-in within its window: refused.
    const { c: other } = await login();
    const replay = await other.post('/api/auth/2fa/verify', { code });
    expect(replay.status).toBe(400);
    expect((await other.get('/api/admin/users')).status).toBe(403);
  });

  it('a recovery code works once', async () => {
    const { c } = await login();
    const ok = await c.post('/api/auth/2fa/verify', { code: recoveryCodes[0]!.toUpperCase() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await c.get('/api/admin/users')).status).toBe(200);
    const { c: again } = await login();
    const reused = await again.post('/api/auth/2fa/verify', { code: recoveryCodes[0] });
    expect(reused.status).toBe(400);
    expect((await again.get('/api/admin/users')).status).toBe(403);
    expect((await c.get('/api/auth/2fa')).body.recoveryCodesLeft).toBe(9);
  });

  it('limits code attempts to five a minute', async () => {
    await t.db.db.deleteFrom('authAttempts').execute();
    const { c } = await login();
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/auth/2fa/verify', { code: 'zzzzz-zzzzz' })).status).toBe(400);
    const limited = await c.post('/api/auth/2fa/verify', { code: recoveryCodes[1] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await c.get('/api/admin/users')).status).toBe(403);
    await t.db.db.deleteFrom('authAttempts').execute();
  });

  it('e-mails a sign-in from a new device once', async () => {
    const about = (ua: string) => t.mails().filter((m) => m.includes('new device') && m.includes(ua));
    await login('T0DeviceA/1.0');
    await until(
      () => about('T0DeviceA/1.0'),
      (m) => m.length === 1,
    );
    await login('T0DeviceA/1.0');
    await login('T0DeviceB/1.0');
    await until(
      () => about('T0DeviceB/1.0'),
      (m) => m.length === 1,
    );
    expect(about('T0DeviceA/1.0')).toHaveLength(1);
    // Not for other users.
    const user = await signUp(t);
    await t
      .client()
      .request(
        'POST',
        '/api/auth/login',
        { email: user.email, password: user.password },
        { 'user-agent': 'T0DeviceC/1.0' },
      );
    await new Promise((r) => setTimeout(r, 300));
    expect(about('T0DeviceC/1.0')).toHaveLength(0);
  });

  it('turns off with a code, and the admin signs in with the password alone again', async () => {
    const { c } = await login();
    expect((await c.post('/api/auth/2fa/disable', { code: recoveryCodes[2] })).status).toBe(403);
    await c.post('/api/auth/2fa/verify', { code: recoveryCodes[2] });
    const off = await c.post('/api/auth/2fa/disable', { code: await freshCode() });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.secondFactor).toBe('not_needed');
    const { res } = await login();
    expect(res.body).toMatchObject({ isAdmin: true, secondFactor: 'not_needed' });
  });
});

describe.each(kinds)('ADMIN_REQUIRE_2FA on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_REQUIRE_2FA: 'true' });
  });
  afterAll(async () => t?.close());

  it('refuses the console to an administrator without a second factor until enrolment', async () => {
    const admin = await signUpAdmin(t);
    const me = await admin.client.get('/api/auth/user');
    expect(me.body).toMatchObject({ isAdmin: true, secondFactor: 'enrolment_required' });
    const refused = await admin.client.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      secondFactor: 'enrolment_required',
      message: 'Set up two-factor authentication to use the console',
    });
    const trpc = await admin.client.post('/trpc/signals.create', {});
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.data.secondFactor).toBe('enrolment_required');
    expect((await admin.client.get('/api/auth/2fa')).body).toMatchObject({
      enabled: false,
      required: true,
      state: 'enrolment_required',
    });

    const start = await admin.client.post('/api/auth/2fa/enrol');
    const confirmed = await admin.client.post('/api/auth/2fa/confirm', { code: await codeOf(start.body.secret) });
    expect(confirmed.status).toBe(200);
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
  });
});
