import { WELCOME_CLAIM_STALE_MS } from '@t0/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  uniqueEmail,
  until,
  type TestApp,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

const kinds = await oneTestDbKind();

describe.each(kinds)('subscriber monitoring on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists users with the admin view fields, login facts and a location told only where it can be known', async () => {
    const sub = await signUpSubscriber(t);
    // A fresh login records when, from where and on what.
    const device = t.client();
    const login = await device.request(
      'POST',
      '/api/auth/login',
      { email: sub.email, password: sub.password },
      { 'user-agent': 'T0TestBrowser/1.0' },
    );
    expect(login.status).toBe(200);
    await t.db.db
      .updateTable('users')
      .set({ stripeCustomerId: 'cus_TEST123' })
      .where('email', '=', sub.email)
      .execute();

    const res = await admin.client.get('/api/admin/users');
    expect(res.status).toBe(200);
    const row = (res.body as Array<Record<string, unknown>>).find((u) => u.email === sub.email)!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'createdAt',
        'deviceInfo',
        'email',
        'emailNotificationsEnabled',
        'firstName',
        'hasActiveSubscription',
        'id',
        'ipAddress',
        'isAdmin',
        'lastLoginAt',
        'lastName',
        'location',
        'paymentProvider',
        'sessionId',
        'stripeCustomerId',
        'subscriptionStatus',
        'updatedAt',
        'welcomeEmailSentAt',
      ].sort(),
    );
    expect(row).toMatchObject({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      isAdmin: false,
      stripeCustomerId: 'cus_TEST123',
      paymentProvider: 'stripe',
      ipAddress: '127.0.0.1',
      location: 'Local network',
      deviceInfo: 'T0TestBrowser/1.0',
    });
    expect(Date.now() - Date.parse(row.lastLoginAt as string)).toBeLessThan(60_000);
    // The session is told by a reference that is not the session id (which would be a credential).
    expect(row.sessionId).toMatch(/^[0-9a-f]{16}$/);
    const sids = await t.db.db.selectFrom('sessions').select('sid').execute();
    expect(sids.some((s) => s.sid.includes(row.sessionId as string))).toBe(false);
    await device.request(
      'POST',
      '/api/auth/login',
      { email: sub.email, password: sub.password },
      { 'user-agent': 'T0TestBrowser/1.0' },
    );
    const relogged = ((await admin.client.get('/api/admin/users')).body as Array<Record<string, unknown>>).find(
      (u) => u.email === sub.email,
    )!;
    expect(relogged.sessionId).toMatch(/^[0-9a-f]{16}$/);
    expect(relogged.sessionId).not.toBe(row.sessionId);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: admin.email, isAdmin: true, hasActiveSubscription: true }),
      ]),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/"password"/);

    // A public address is not placed anywhere: there is no lookup service to ask.
    await t.db.db.updateTable('users').set({ ipAddress: '203.0.113.7' }).where('email', '=', sub.email).execute();
    const again = (await admin.client.get('/api/admin/users')).body as Array<Record<string, unknown>>;
    expect(again.find((u) => u.email === sub.email)).toMatchObject({ ipAddress: '203.0.113.7', location: null });
  });

  it('lists active subscribers never sent a welcome e-mail, and the fix e-mails them and empties the list', async () => {
    const missed = await signUpSubscriber(t, uniqueEmail('missed'));
    const affected = await admin.client.get('/api/admin/affected-users');
    expect(affected.status).toBe(200);
    const entry = (affected.body as Array<Record<string, unknown>>).find((a) => a.email === missed.email);
    expect(entry).toEqual({
      id: missed.id,
      email: missed.email,
      created_at: expect.any(String),
      subscription_status: 'active',
    });
    // Not a subscriber, or already welcomed: not listed.
    const plain = await signUp(t);
    const emails = (affected.body as Array<{ email: string }>).map((a) => a.email);
    expect(emails).not.toContain(plain.email);
    expect(emails).not.toContain(admin.email);

    const before = smtp.received.length;
    const fix = await admin.client.post('/api/admin/fix-missing-welcome-emails');
    expect(fix.status).toBe(200);
    expect(fix.body.processed).toBe(emails.length);
    expect(fix.body).toMatchObject({ sent: emails.length, failed: 0 });
    expect(fix.body.results).toEqual(expect.arrayContaining([{ id: missed.id, email: missed.email, status: 'sent' }]));
    const welcome = smtp.received.slice(before).filter((m) => m.to.includes(missed.email));
    expect(welcome).toHaveLength(1);
    // Registered with a password: welcomed with where to sign in, not asked to set a password.
    expect(welcome[0]!.text).toMatch(/the password you already chose/);
    expect(welcome[0]!.text).not.toMatch(/reset-password\?token=/);

    expect((await admin.client.get('/api/admin/affected-users')).body).toEqual([]);
    const again = await admin.client.post('/api/admin/fix-missing-welcome-emails');
    expect(again.body).toEqual({ processed: 0, sent: 0, failed: 0, results: [] });

    // The password the subscriber chose keeps signing in; no reset link was issued for them.
    expect((await t.client().post('/api/auth/login', { email: missed.email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    expect(
      await t.db.db.selectFrom('passwordResetTokens').select('id').where('email', '=', missed.email).execute(),
    ).toEqual([]);
  });

  it('keeps a subscriber listed when the welcome e-mail cannot be delivered', async () => {
    const unlucky = await signUpSubscriber(t, uniqueEmail('unlucky'));
    smtp.refuse.add(unlucky.email);
    try {
      const fix = await admin.client.post('/api/admin/fix-missing-welcome-emails');
      expect(fix.status).toBe(200);
      expect(fix.body).toMatchObject({ processed: 1, sent: 0, failed: 1 });
      expect(fix.body.results[0]).toMatchObject({ id: unlucky.id, status: 'failed', error: expect.any(String) });
      const listed = (await admin.client.get('/api/admin/affected-users')).body as Array<{ email: string }>;
      expect(listed.map((a) => a.email)).toEqual([unlucky.email]);
    } finally {
      smtp.refuse.delete(unlucky.email);
    }
    expect((await admin.client.post('/api/admin/fix-missing-welcome-emails')).body).toMatchObject({
      processed: 1,
      sent: 1,
    });
    expect((await admin.client.get('/api/admin/affected-users')).body).toEqual([]);
  });

  it('keeps a subscriber listed while the welcome e-mail is on its way, and a second sender waits for it', async () => {
    const pending = await signUpSubscriber(t, uniqueEmail('pending'));
    let letThrough!: () => void;
    smtp.hold = new Promise<void>((resolve) => (letThrough = resolve));
    const heldBefore = smtp.held;
    try {
      const first = admin.client.post('/api/admin/fix-missing-welcome-emails');
      await until(
        () => smtp.held,
        (n) => n > heldBefore,
        10_000,
      );
      // The mail server has not answered: the subscriber has not received anything yet.
      const listed = (await admin.client.get('/api/admin/affected-users')).body as Array<{ email: string }>;
      expect(listed.map((a) => a.email)).toEqual([pending.email]);
      // A second recovery does not take the first one's send for a success, nor send it twice.
      const second = await admin.client.post('/api/admin/fix-missing-welcome-emails');
      expect(second.body).toEqual({
        processed: 1,
        sent: 0,
        failed: 0,
        results: [{ id: pending.id, email: pending.email, status: 'sending' }],
      });
      const resend = await admin.client.post(`/api/admin/users/${pending.id}/resend-welcome`);
      expect(resend.status).toBe(409);
      letThrough();
      expect((await first).body).toMatchObject({ processed: 1, sent: 1, failed: 0 });
    } finally {
      smtp.hold = null;
      letThrough();
    }
    expect((await admin.client.get('/api/admin/affected-users')).body).toEqual([]);
    expect(smtp.received.filter((m) => m.to.includes(pending.email))).toHaveLength(1);
  });

  it('takes over a claim left by a process that stopped mid-send, once it is older than the time limit', async () => {
    const left = await signUpSubscriber(t, uniqueEmail('left'));
    const claimedAgo = (ms: number) =>
      t.db.db
        .updateTable('users')
        .set({ welcomeEmailClaimedAt: new Date(Date.now() - ms) })
        .where('id', '=', left.id)
        .execute();
    await claimedAgo(60_000);
    expect((await admin.client.post('/api/admin/fix-missing-welcome-emails')).body.results).toEqual([
      { id: left.id, email: left.email, status: 'sending' },
    ]);
    await claimedAgo(WELCOME_CLAIM_STALE_MS + 60_000);
    expect((await admin.client.post('/api/admin/fix-missing-welcome-emails')).body.results).toEqual([
      { id: left.id, email: left.email, status: 'sent' },
    ]);
    const row = await t.db.db
      .selectFrom('users')
      .select(['welcomeEmailSentAt', 'welcomeEmailClaimedAt'])
      .where('id', '=', left.id)
      .executeTakeFirstOrThrow();
    expect(row.welcomeEmailClaimedAt).toBeNull();
    expect(row.welcomeEmailSentAt).not.toBeNull();
  });

  it('answers 401 to anonymous callers and 403 to subscribers on every admin path', async () => {
    const sub = await signUpSubscriber(t);
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/affected-users'],
      ['POST', '/api/admin/fix-missing-welcome-emails'],
      ['GET', '/api/admin/email-summary'],
      ['GET', '/api/admin/email-deliveries'],
    ];
    const before = smtp.received.length;
    for (const [method, p] of calls) {
      const anon = await t.client().request(method, p);
      expect(anon.status, `${method} ${p}`).toBe(401);
      expect(anon.body.message).toBe('Unauthorized');
      const denied = await sub.client.request(method, p);
      expect(denied.status, `${method} ${p}`).toBe(403);
      expect(denied.body.message).toBe('Administrator privileges required');
    }
    expect(smtp.received.length).toBe(before);
  });
});
