import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  signUpAdmin,
  startTestApp,
  STRONG_PASSWORD,
  oneTestDbKind,
  uniqueEmail,
  until,
  type TestApp,
  type TestClient,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

const kinds = await oneTestDbKind();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const card = (session: string, number = '4242 4242 4242 4242') =>
  new URLSearchParams({ session, cardNumber: number, expiry: '12/34', cvc: '123', name: 'Test Buyer' }).toString();

async function startCheckout(c: TestClient, email: string, plan = 'monthly') {
  const res = await c.post('/api/create-checkout-session', { email, plan });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.url as string);
  expect(url.origin).toBe('http://t0.test');
  expect(url.pathname).toBe('/checkout/test');
  return { path: url.pathname + url.search, session: url.searchParams.get('session')! };
}

function linkIn(text: string) {
  const m = text.match(/http:\/\/t0\.test\/reset-password\?token=([0-9a-f]{64})&email=([^\s]+)/);
  expect(m, text).not.toBeNull();
  return { token: m![1]!, email: decodeURIComponent(m![2]!) };
}

describe.each(kinds)('local checkout and the test page on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  it('goes from create-checkout-session to an active subscription and a welcome e-mail whose link works once', async () => {
    const email = uniqueEmail('buyer');
    const browser = t.client();
    const { path, session } = await startCheckout(browser, email);

    const pending = await t.db.db.selectFrom('pendingPayments').selectAll().where('email', '=', email).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ plan: 'monthly', provider: 'local', completedAt: null });
    expect(pending[0]!.referenceHash).not.toBe(session); // only a hash of the reference is stored

    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('<a href="/?checkout=canceled">&larr; Cancel and go back to T0 Terminal</a>');
    expect(page.body).toContain(email);

    const paid = await browser.request('POST', '/checkout/test', card(session), FORM);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/auth/whop-success?checkout=test');

    const row = await userRow(email);
    expect(row).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', password: '' });
    expect(row!.stripeCustomerId).toMatch(/^local_cus_/);
    expect(row!.stripeSubscriptionId).toMatch(/^local_sub_/);
    expect(row!.welcomeEmailSentAt).toBeInstanceOf(Date);
    const closed = await t.db.db
      .selectFrom('pendingPayments')
      .select('completedAt')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(closed.completedAt).toBeInstanceOf(Date);

    // The welcome e-mail reached the SMTP server: a one-time link, never a password.
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Welcome/);
    expect(mails[0]!.text).not.toMatch(/password\s*[:=]/i);
    const link = linkIn(mails[0]!.text);
    expect(link.email).toBe(email);

    // The reference works once.
    expect((await browser.request('POST', '/checkout/test', card(session), FORM)).status).toBe(410);
    expect((await browser.get(path)).status).toBe(410);

    // The link sets the password once; the new subscriber signs in with it.
    const set = await t
      .client()
      .post('/api/auth/reset-password', { token: link.token, email, newPassword: STRONG_PASSWORD });
    expect(set.status).toBe(200);
    const again = await t
      .client()
      .post('/api/auth/reset-password', { token: link.token, email, newPassword: 'Other!Pass1' });
    expect(again.status).toBe(400);
    const login = await t.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email, hasActiveSubscription: true, subscriptionStatus: 'active' });
  });

  it('refuses a declined or real-looking card and leaves the checkout open', async () => {
    const email = uniqueEmail('declined');
    const c = t.client();
    const { session } = await startCheckout(c, email);
    const declined = await c.request('POST', '/checkout/test', card(session, '4000 0000 0000 0002'), FORM);
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const other = await c.request('POST', '/checkout/test', card(session, '5555 5555 5555 4444'), FORM);
    expect(other.status).toBe(400);
    expect(other.body).toContain('test cards only');
    expect(await userRow(email)).toBeUndefined();
    expect(mailsTo(email)).toHaveLength(0);
    expect((await c.request('POST', '/checkout/test', card(session), FORM)).status).toBe(303);
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true });
  });

  it('keeps a signed-in buyer signed in, and welcomes an existing account once', async () => {
    const u = await signUp(t);
    const { session } = await startCheckout(u.client, u.email);
    expect((await u.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: false });
    expect((await u.client.request('POST', '/checkout/test', card(session), FORM)).status).toBe(303);
    const me = await u.client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: u.email, hasActiveSubscription: true, subscriptionStatus: 'active' });
    // The account kept its password; the welcome mail says so.
    expect((await t.client().post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    expect(mailsTo(u.email)).toHaveLength(1);
    expect(mailsTo(u.email)[0]!.text).toMatch(/the password you already chose/);
    expect(mailsTo(u.email)[0]!.text).not.toMatch(/reset-password\?token=/);

    // A second purchase (after the first subscription ended) does not send a second welcome.
    expect((await t.client().post('/api/test/deactivate-subscription', { email: u.email })).status).toBe(200);
    const second = await startCheckout(u.client, u.email, 'monthly');
    expect((await u.client.request('POST', '/checkout/test', card(second.session), FORM)).status).toBe(303);
    expect((await u.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });
    expect(mailsTo(u.email)).toHaveLength(1);
  });

  it('retries in the background a welcome e-mail that could not be sent at checkout', async () => {
    const email = uniqueEmail('retry');
    smtp.refuse.add(email);
    const c = t.client();
    const { session } = await startCheckout(c, email);
    expect((await c.request('POST', '/checkout/test', card(session), FORM)).status).toBe(303);
    // Subscribed, nothing delivered (welcomeEmailSentAt may be held for a moment by the background retry's send claim).
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true });
    expect(mailsTo(email)).toHaveLength(0);
    const admin = await signUpAdmin(t);
    // Listed for recovery (except for the moment a background retry holds the send claim).
    const listed = async () =>
      ((await admin.client.get('/api/admin/affected-users')).body as Array<{ email: string }>).some(
        (a) => a.email === email,
      );
    let isListed = await listed();
    for (let i = 0; i < 20 && !isListed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      isListed = await listed();
    }
    expect(isListed).toBe(true);

    smtp.refuse.delete(email);
    const end = Date.now() + 45_000;
    while (mailsTo(email).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
    expect(mailsTo(email)).toHaveLength(1);
    // The job marks the row once the mail server has taken the message: on a busy machine the
    // mail can be seen here before that mark is written.
    const row = await until(
      () => userRow(email),
      (r) => r?.welcomeEmailSentAt != null,
      15_000,
    );
    expect(row!.welcomeEmailSentAt).toBeInstanceOf(Date);
    const after = (await admin.client.get('/api/admin/affected-users')).body as Array<{ email: string }>;
    expect(after.map((a) => a.email)).not.toContain(email);
  });

  it('refuses an expired or unknown checkout reference', async () => {
    const email = uniqueEmail('late');
    const c = t.client();
    const { path, session } = await startCheckout(c, email);
    await t.db.db
      .updateTable('pendingPayments')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await c.get(path)).status).toBe(410);
    expect((await c.request('POST', '/checkout/test', card(session), FORM)).status).toBe(410);
    expect((await c.get('/checkout/test?session=not-a-real-reference')).status).toBe(410);
    expect((await c.get('/checkout/test')).status).toBe(410);
    expect(await userRow(email)).toBeUndefined();
  });

  it('validates the checkout input with readable messages', async () => {
    const c = t.client();
    const bad = await c.post('/api/create-checkout-session', { email: 'not-an-address', plan: 'monthly' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid email address');
    const plan = await c.post('/api/create-checkout-session', { email: uniqueEmail(), plan: 'weekly' });
    expect(plan.status).toBe(400);
    expect(plan.body.message).toBe('No open plan has the key weekly');
    expect(plan.body.fields).toEqual([
      { path: 'plan', code: 'invalid_value', message: 'No open plan has the key weekly' },
    ]);
    const noPlan = await c.post('/api/create-checkout-session', { email: uniqueEmail('noplan') });
    expect(noPlan.status).toBe(200);
  });

  it('runs the test page calls through the same activation path', async () => {
    const c = t.client();
    const email = uniqueEmail('testpage');
    const unknown = await c.post('/api/test/get-user', { email });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');

    const done = await c.post('/api/test/checkout-success', { email, plan: 'yearly' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      accountCreated: true,
      welcomeEmailSent: true,
      user: { email, hasActiveSubscription: true, subscriptionStatus: 'active' },
    });
    expect(done.body).not.toHaveProperty('tempPassword');
    expect(JSON.stringify(done.body)).not.toMatch(/"[a-z]*password[a-z]*"\s*:/i); // no password field anywhere
    const link = linkIn(mailsTo(email)[0]!.text);
    expect(
      (await t.client().post('/api/auth/reset-password', { token: link.token, email, newPassword: STRONG_PASSWORD }))
        .status,
    ).toBe(200);
    const pending = await t.db.db
      .selectFrom('pendingPayments')
      .select(['plan', 'completedAt'])
      .where('email', '=', email)
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.plan).toBe('yearly');
    expect(pending[0]!.completedAt).toBeInstanceOf(Date);

    const off = await c.post('/api/test/deactivate-subscription', { email });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      success: true,
      user: { hasActiveSubscription: false, subscriptionStatus: 'canceled' },
    });
    expect((await c.post('/api/test/get-user', { email })).body.user).toMatchObject({ hasActiveSubscription: false });

    const on = await c.post('/api/test/activate-subscription', { email, plan: 'monthly' });
    expect(on.status).toBe(200);
    expect(on.body.user).toMatchObject({ email, hasActiveSubscription: true, subscriptionStatus: 'active' });
    expect(on.body.message).toMatch(/activated/i);
    expect(mailsTo(email)).toHaveLength(1); // welcomed once

    const again = await c.post('/api/test/checkout-success', { email, plan: 'monthly' });
    expect(again.body).toMatchObject({ accountCreated: false, welcomeEmailSent: false });

    expect((await c.post('/api/test/deactivate-subscription', { email: uniqueEmail('nobody') })).status).toBe(404);
    const invalid = await c.post('/api/test/activate-subscription', { email: 'x', plan: 'monthly' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Invalid email address');
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('hides the test endpoints and the local checkout, and says payments are not configured', async () => {
    const c = t.client();
    const email = uniqueEmail('prod');
    for (const p of [
      '/api/test/activate-subscription',
      '/api/test/deactivate-subscription',
      '/api/test/checkout-success',
      '/api/test/get-user',
    ]) {
      const res = await c.post(p, { email, plan: 'monthly' });
      expect(res.status, p).toBe(404);
    }
    expect((await c.get('/checkout/test?session=x')).status).toBe(404);
    const checkout = await c.post('/api/create-checkout-session', { email, plan: 'monthly' });
    expect(checkout.status).toBe(503);
    expect(checkout.body.message).toBe('Payments are not configured');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});
