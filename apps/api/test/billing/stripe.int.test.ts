import { randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, startTestApp, STRONG_PASSWORD, testDbKinds, uniqueEmail, type TestApp } from '../harness';

const kinds = await testDbKinds();
const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

// Stripe's API is outside this machine: its calls are answered by msw.
const checkoutRequests: URLSearchParams[] = [];
let stripeDown = false;
const stripeApi = setupServer(
  http.post('https://api.stripe.com/v1/checkout/sessions', async ({ request }) => {
    if (stripeDown)
      return HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 });
    const body = new URLSearchParams(await request.text());
    checkoutRequests.push(body);
    const id = `cs_test_${randomBytes(6).toString('hex')}`;
    return HttpResponse.json({
      id,
      object: 'checkout.session',
      mode: 'subscription',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
  }),
);

const now = () => Math.floor(Date.now() / 1000);
let seq = 0;
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${seq++}`;

function stripeEvent(type: string, object: Record<string, unknown>, created = now(), id = newId('evt')) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

const checkoutCompleted = (email: string, customer: string, subscription: string, created?: number) =>
  stripeEvent(
    'checkout.session.completed',
    {
      id: newId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      customer,
      subscription,
      customer_email: email,
      customer_details: { email },
      metadata: { email, plan: 'monthly' },
      client_reference_id: null,
    },
    created,
  );

const subscriptionEvent = (
  type: string,
  sub: string,
  customer: string,
  status: string,
  created: number,
  email?: string,
) =>
  stripeEvent(
    type,
    { id: sub, object: 'subscription', customer, status, metadata: email ? { email, plan: 'monthly' } : {} },
    created,
  );

const paymentFailed = (sub: string, customer: string, created: number) =>
  stripeEvent(
    'invoice.payment_failed',
    {
      id: newId('in'),
      object: 'invoice',
      customer,
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } },
    },
    created,
  );

describe.each(kinds)('Stripe checkout and webhooks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(kind, STRIPE_ENV);
  });
  afterEach(() => {
    stripeDown = false;
  });
  afterAll(async () => {
    await t?.close();
    stripeApi.close();
  });

  async function deliver(evt: object, opts: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
    const payload = JSON.stringify(evt);
    const header =
      opts.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: opts.secret ?? WEBHOOK_SECRET,
            ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
          })
        : opts.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (header !== null) headers['stripe-signature'] = header;
    return t.client().request('POST', '/api/webhooks/stripe', payload, headers);
  }
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const welcomesTo = (email: string) => t.mails().filter((m) => m.includes(`To: ${email}`) && m.includes('Welcome'));

  it('starts a Stripe Checkout session in subscription mode and records the pending payment', async () => {
    const email = uniqueEmail('stripe');
    const res = await t.client().post('/api/create-checkout-session', { email, plan: 'monthly' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = checkoutRequests.at(-1)!;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe('price_monthly_test');
    expect(sent.get('line_items[0][quantity]')).toBe('1');
    expect(sent.get('customer_email')).toBe(email);
    expect(sent.get('subscription_data[metadata][email]')).toBe(email);
    expect(sent.get('success_url')).toBe('http://t0.test/auth/whop-success?session_id={CHECKOUT_SESSION_ID}');
    const pending = await t.db.db
      .selectFrom('pendingPayments')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ plan: 'monthly', provider: 'stripe', completedAt: null });
    expect(res.body.url).toContain(pending.providerSessionId);
    expect(sent.get('client_reference_id')).toBe(String(pending.id));

    const yearly = await t.client().post('/api/create-checkout-session', { email, plan: 'yearly' });
    expect(yearly.status).toBe(200);
    expect(checkoutRequests.at(-1)!.get('line_items[0][price]')).toBe('price_yearly_test');

    // The local test page is not served next to Stripe.
    expect((await t.client().get('/checkout/test?session=x')).status).toBe(404);
  });

  it("offers the plan's free trial once per person, and always lets the buyer enter a promotion code", async () => {
    const admin = await signUpAdmin(t);
    const current = (await admin.client.get('/api/admin/site-settings')).body as Record<string, unknown>;
    expect(current.trialDays).toEqual({ monthly: 0, yearly: 0 });
    const { updatedAt: _u, defaultSupportEmail: _d, ...edit } = current;
    const saved = await admin.client.request('PUT', '/api/admin/site-settings', {
      ...edit,
      trialDays: { monthly: 14, yearly: 7 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ trialDays: { monthly: 14, yearly: 7 } });

    const fresh = uniqueEmail('trial');
    expect((await t.client().post('/api/create-checkout-session', { email: fresh, plan: 'monthly' })).status).toBe(200);
    expect(checkoutRequests.at(-1)!.get('subscription_data[trial_period_days]')).toBe('14');
    expect(checkoutRequests.at(-1)!.get('allow_promotion_codes')).toBe('true');
    expect((await t.client().post('/api/create-checkout-session', { email: fresh, plan: 'yearly' })).status).toBe(200);
    expect(checkoutRequests.at(-1)!.get('subscription_data[trial_period_days]')).toBe('7');

    // Someone who has had a subscription (or a trial) before gets no second trial (once it has ended:
    // while it runs, a second subscription is refused and the plan is changed in Billing).
    const customer = newId('cus');
    const sub = newId('sub');
    expect((await deliver(checkoutCompleted(fresh, customer, sub))).status).toBe(200);
    const running = await t.client().post('/api/create-checkout-session', { email: fresh, plan: 'yearly' });
    expect(running.status).toBe(409);
    expect(running.body.message).toMatch(/change plan in Billing/);
    expect(
      (await deliver(subscriptionEvent('customer.subscription.deleted', sub, customer, 'canceled', now() + 1))).status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/create-checkout-session', { email: fresh.toUpperCase(), plan: 'monthly' })).status,
    ).toBe(200);
    expect(checkoutRequests.at(-1)!.get('subscription_data[trial_period_days]')).toBeNull();
    expect(checkoutRequests.at(-1)!.get('allow_promotion_codes')).toBe('true');

    // A bad setting is refused naming the field, and changes nothing.
    for (const [bad, field] of [
      [{ monthly: -1, yearly: 7 }, 'trialDays.monthly'],
      [{ monthly: 14, yearly: 91 }, 'trialDays.yearly'],
      [{ monthly: 1.5, yearly: 7 }, 'trialDays.monthly'],
    ] as const) {
      const res = await admin.client.request('PUT', '/api/admin/site-settings', { ...edit, trialDays: bad });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await admin.client.get('/api/admin/site-settings')).body).toMatchObject({
      trialDays: { monthly: 14, yearly: 7 },
    });

    // Switched off again: no trial for anyone.
    expect(
      (await admin.client.request('PUT', '/api/admin/site-settings', { ...edit, trialDays: { monthly: 0, yearly: 0 } }))
        .status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/create-checkout-session', { email: uniqueEmail('notrial'), plan: 'monthly' }))
        .status,
    ).toBe(200);
    expect(checkoutRequests.at(-1)!.get('subscription_data[trial_period_days]')).toBeNull();
  });

  it('answers a clear error when Stripe cannot start the checkout', async () => {
    stripeDown = true;
    const res = await t.client().post('/api/create-checkout-session', { email: uniqueEmail('down'), plan: 'monthly' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Failed to create checkout session');
  });

  it('refuses forged, stale and unsigned events and changes nothing', async () => {
    const email = uniqueEmail('forged');
    const evt = checkoutCompleted(email, newId('cus'), newId('sub'));
    const forged = await deliver(evt, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid Stripe signature');
    const stale = await deliver(evt, { timestamp: now() - 10 * 60 });
    expect(stale.status).toBe(400);
    const unsigned = await deliver(evt, { signature: null });
    expect(unsigned.status).toBe(400);
    // A valid signature over other bytes does not cover a tampered body.
    const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: WEBHOOK_SECRET });
    const tampered = JSON.stringify({
      ...evt,
      data: { object: { ...evt.data.object, customer_email: 'attacker@evil.test' } },
    });
    const res = await t.client().request('POST', '/api/webhooks/stripe', tampered, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status).toBe(400);
    expect(await userRow(email)).toBeUndefined();
    expect(
      await t.db.db
        .selectFrom('processedPaymentEvents')
        .select('eventId')
        .where('eventId', '=', evt.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('applies the same event once however often it is delivered', async () => {
    const email = uniqueEmail('paid');
    const customer = newId('cus');
    const sub = newId('sub');
    const evt = checkoutCompleted(email, customer, sub);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await deliver(evt));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.applied)).toEqual([true, false, false, false, false]);

    const row = await userRow(email);
    expect(row).toMatchObject({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      stripeCustomerId: customer,
      stripeSubscriptionId: sub,
      password: '',
    });
    const users = await t.db.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    expect(welcomesTo(email)).toHaveLength(1);
    const processed = await t.db.db
      .selectFrom('processedPaymentEvents')
      .selectAll()
      .where('eventId', '=', evt.id)
      .execute();
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({ provider: 'stripe', type: 'checkout.session.completed' });

    // The welcome link sets a password; the subscriber signs in with access.
    const token = welcomesTo(email)[0]!.match(/token=([0-9a-f]{64})/)![1]!;
    expect(
      (await t.client().post('/api/auth/reset-password', { token, email, newPassword: STRONG_PASSWORD })).status,
    ).toBe(200);
    const login = await t.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.body).toMatchObject({ hasActiveSubscription: true });
  });

  it('removes access when the subscription is deleted', async () => {
    const email = uniqueEmail('leaver');
    const customer = newId('cus');
    const sub = newId('sub');
    const t0 = now() - 100;
    expect((await deliver(checkoutCompleted(email, customer, sub, t0))).status).toBe(200);
    const client = t.client();
    const token = welcomesTo(email)[0]!.match(/token=([0-9a-f]{64})/)![1]!;
    await client.post('/api/auth/reset-password', { token, email, newPassword: STRONG_PASSWORD });
    await client.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });

    expect(
      (await deliver(subscriptionEvent('customer.subscription.deleted', sub, customer, 'canceled', t0 + 10))).status,
    ).toBe(200);
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      hasActiveSubscription: false,
      subscriptionStatus: 'canceled',
    });
  });

  it('ends in the provider’s latest state whatever the arrival order', async () => {
    const email = uniqueEmail('order');
    const customer = newId('cus');
    const sub = newId('sub');
    const t0 = now() - 1000;
    await deliver(checkoutCompleted(email, customer, sub, t0));
    // past_due (newer) arrives before active (older): past_due stays (access kept for the grace period).
    await deliver(subscriptionEvent('customer.subscription.updated', sub, customer, 'past_due', t0 + 20));
    await deliver(subscriptionEvent('customer.subscription.updated', sub, customer, 'active', t0 + 10));
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: true });
    // Recovered (newer) then a late payment failure (older): still active.
    await deliver(subscriptionEvent('customer.subscription.updated', sub, customer, 'active', t0 + 40));
    await deliver(paymentFailed(sub, customer, t0 + 30));
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });
    // A new payment failure: past due, access kept during the grace period.
    await deliver(paymentFailed(sub, customer, t0 + 50));
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: true });
    // Deleted, then an older "active" update arrives late: deleted stays.
    await deliver(subscriptionEvent('customer.subscription.deleted', sub, customer, 'canceled', t0 + 70));
    await deliver(subscriptionEvent('customer.subscription.updated', sub, customer, 'active', t0 + 60));
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'canceled', hasActiveSubscription: false });
    expect(welcomesTo(email)).toHaveLength(1);
  });

  it('handles a subscription whose events come before its checkout completion', async () => {
    // Active subscription first (carrying the buyer's address), checkout completion later.
    const early = uniqueEmail('early');
    const c1 = newId('cus');
    const s1 = newId('sub');
    const t0 = now() - 500;
    await deliver(subscriptionEvent('customer.subscription.updated', s1, c1, 'active', t0 + 5, early));
    expect(await userRow(early)).toMatchObject({ hasActiveSubscription: true, stripeSubscriptionId: s1 });
    await deliver(checkoutCompleted(early, c1, s1, t0));
    expect(await userRow(early)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    expect(welcomesTo(early)).toHaveLength(1);

    // Canceled before the (older) checkout completion is seen: no access is granted.
    const gone = uniqueEmail('gone');
    const c2 = newId('cus');
    const s2 = newId('sub');
    await deliver(subscriptionEvent('customer.subscription.deleted', s2, c2, 'canceled', t0 + 50, gone));
    await deliver(checkoutCompleted(gone, c2, s2, t0 + 10));
    expect(await userRow(gone)).toBeUndefined();
    expect(welcomesTo(gone)).toHaveLength(0);
  });

  it('acknowledges events it does not act on', async () => {
    const res = await deliver(stripeEvent('customer.created', { id: newId('cus'), object: 'customer' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, applied: false });
  });
});

describe('Stripe webhooks without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answers 404 and changes nothing', async () => {
    const email = uniqueEmail('nostripe');
    const payload = JSON.stringify(checkoutCompleted(email, 'cus_x', 'sub_x'));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status).toBe(404);
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});
