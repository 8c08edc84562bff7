import { randomBytes } from 'node:crypto';
import { createInnerContext, sweepBilling } from '@t0/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  oneTestDbKind,
  signUp,
  signUpAdmin,
  startTestApp,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';
import { setUpDesk } from '../desk-plans';
import {
  newStripeId as newId,
  stripeEvent,
  subscriptionCheckoutCompleted,
  stripeNow as now,
} from '../fakes/stripe-event';

// Buying any plan through Stripe (faked by msw, webhooks signed with the test secret): what Checkout
// is asked for each kind of terms, and what each webhook grants. The local test mode's side is
// buy-plans.int.test.ts.

const WEBHOOK_SECRET = 'whsec_buy_plans_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const DAY_MS = 24 * 60 * 60 * 1000;
const API = 'https://api.stripe.com/v1';

/** The prices Stripe holds in this fake account. */
const PRICES: Record<string, { unit_amount: number; recurring: { interval: string; interval_count: number } | null }> =
  {
    price_monthly_test: { unit_amount: 3900, recurring: { interval: 'month', interval_count: 1 } },
    price_yearly_test: { unit_amount: 39000, recurring: { interval: 'year', interval_count: 1 } },
    price_Quarterly3m: { unit_amount: 9900, recurring: { interval: 'month', interval_count: 3 } },
  };

const asked = { prices: [] as string[], sessions: [] as URLSearchParams[] };
let stripeDown = false;
const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) => {
    asked.prices.push(String(params.id));
    if (stripeDown)
      return HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 });
    const price = PRICES[String(params.id)];
    if (!price) return HttpResponse.json({ error: { type: 'invalid_request_error' } }, { status: 404 });
    return HttpResponse.json({ id: params.id, object: 'price', active: true, currency: 'usd', ...price });
  }),
  http.post(`${API}/checkout/sessions`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    asked.sessions.push(body);
    const id = `cs_test_${randomBytes(6).toString('hex')}`;
    return HttpResponse.json({
      id,
      object: 'checkout.session',
      mode: body.get('mode'),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
  }),
);

describe.each(await oneTestDbKind())('buying any plan through Stripe on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(kind, STRIPE_ENV);
    admin = (await signUpAdmin(t)).client;
    await setUpDesk(admin);
    const res = await admin.post('/api/admin/plans', {
      key: 'quarterly-stripe',
      name: 'Quarterly (Stripe price)',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 3,
      stripePriceId: 'price_Quarterly3m',
      rooms: ['gold'],
      position: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterEach(() => {
    stripeDown = false;
  });
  afterAll(async () => {
    await t?.close();
    stripeApi.close();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const grantsOf = (userId: number) =>
    t.db.db
      .selectFrom('accessGrants as g')
      .innerJoin('plans as p', 'p.id', 'g.planId')
      .select(['p.key as plan', 'g.source', 'g.sourceRef', 'g.endsAt', 'g.endedAt'])
      .where('g.userId', '=', userId)
      .orderBy('g.id')
      .execute();

  async function deliver(evt: object) {
    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { applied: boolean };
  }

  /** Starts a checkout and answers what Stripe was asked for. */
  async function startCheckout(email: string, plan: string) {
    const res = await t.client().post('/api/create-checkout-session', { email, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    return asked.sessions.at(-1)!;
  }

  /** A one-off Checkout Session as Stripe completes it. */
  const paymentSession = (email: string, plan: string, fields: Record<string, unknown> = {}, created = now()) =>
    stripeEvent(
      'checkout.session.completed',
      {
        id: newId('cs'),
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        customer: newId('cus'),
        payment_intent: newId('pi'),
        subscription: null,
        customer_email: email,
        customer_details: { email },
        metadata: { email, plan },
        client_reference_id: null,
        ...fields,
      },
      created,
    );

  it("lists each plan at the price Checkout charges: Stripe's for a Stripe price, the plan's own otherwise", async () => {
    const before = asked.prices.length;
    const res = await t.client().get('/api/plans');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ source: 'stripe', testMode: false });
    const byKey = Object.fromEntries((res.body.plans as any[]).map((p) => [p.key, p]));
    expect(byKey.monthly).toMatchObject({ amountCents: 3900, label: '$39.00 / month' });
    expect(byKey['quarterly-stripe']).toMatchObject({
      amountCents: 9900,
      price: { amountCents: 9900, currency: 'USD', label: '$99.00 / 3 months' },
    });
    expect(byKey.quarterly).toMatchObject({ label: '$129.00 / 3 months' });
    expect(byKey['pass-30']).toMatchObject({ label: '$19.00 once · 30 days' });
    // Each Stripe price asked once, then from the cache.
    expect(new Set(asked.prices.slice(before))).toEqual(
      new Set(['price_monthly_test', 'price_Quarterly3m', 'price_yearly_test']),
    );
    expect((await t.client().get('/api/plans')).status).toBe(200);
    expect(asked.prices.length - before).toBe(3);
  });

  it('checks out a recurring plan in subscription mode: its Stripe price, or its amount every 3 months', async () => {
    const byPrice = await startCheckout(uniqueEmail('q1'), 'quarterly-stripe');
    expect(byPrice.get('mode')).toBe('subscription');
    expect(byPrice.get('line_items[0][price]')).toBe('price_Quarterly3m');
    expect(byPrice.get('metadata[plan]')).toBe('quarterly-stripe');
    expect(byPrice.get('subscription_data[metadata][plan]')).toBe('quarterly-stripe');

    const byAmount = await startCheckout(uniqueEmail('q2'), 'quarterly');
    expect(byAmount.get('mode')).toBe('subscription');
    expect(byAmount.get('line_items[0][price]')).toBeNull();
    expect(byAmount.get('line_items[0][price_data][unit_amount]')).toBe('12900');
    expect(byAmount.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(byAmount.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(byAmount.get('line_items[0][price_data][recurring][interval_count]')).toBe('3');
    expect(byAmount.get('line_items[0][price_data][product_data][name]')).toBe('Quarterly');

    // The spec's body and one without a plan: the settings' price of the default plan, as before.
    const legacy = await startCheckout(uniqueEmail('legacy'), 'monthly');
    expect(legacy.get('line_items[0][price]')).toBe('price_monthly_test');
    const res = await t.client().post('/api/create-checkout-session', { email: uniqueEmail('noplan') });
    expect(res.status).toBe(200);
    expect(asked.sessions.at(-1)!.get('line_items[0][price]')).toBe('price_monthly_test');
    expect(asked.sessions.at(-1)!.get('metadata[plan]')).toBe('monthly');
  });

  it("grants a quarterly subscription's rooms from its webhooks, and ends the grant with the subscription", async () => {
    const u = await signUp(t);
    const customer = newId('cus');
    const sub = newId('sub');
    await deliver(subscriptionCheckoutCompleted({ email: u.email, plan: 'quarterly', customer, subscription: sub }));
    expect(await grantsOf(u.id)).toMatchObject([{ plan: 'quarterly', source: 'subscription', sourceRef: sub }]);
    expect(Object.keys((await userRow(u.email)).accessRooms as object).sort()).toEqual(['gold', 'main']);

    // A second subscription is refused while this one runs.
    const again = await t.client().post('/api/create-checkout-session', { email: u.email, plan: 'quarterly-stripe' });
    expect(again.status).toBe(409);

    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        { id: sub, object: 'subscription', customer, status: 'canceled', metadata: {} },
        now() + 1,
      ),
    );
    expect(await userRow(u.email)).toMatchObject({ hasActiveSubscription: false, accessRooms: {} });
    expect((await grantsOf(u.id))[0]!.endedAt).toBeInstanceOf(Date);
    expect((await t.client().post('/api/create-checkout-session', { email: u.email, plan: 'quarterly' })).status).toBe(
      200,
    );
  });

  it('checks out a pass in payment mode; the paid webhook grants 30 days once, a second pass adds 30', async () => {
    const email = uniqueEmail('pass');
    const sent = await startCheckout(email, 'pass-30');
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('1900');
    expect(sent.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(sent.get('customer_creation')).toBe('always');
    expect(sent.get('invoice_creation[enabled]')).toBe('true');
    expect(sent.get('payment_intent_data[metadata][plan]')).toBe('pass-30');
    expect(sent.get('subscription_data[metadata][plan]')).toBeNull();

    // Not paid yet (a bank debit): nothing; its async success grants.
    const paidAt = now();
    const pending = paymentSession(email, 'pass-30', { payment_status: 'unpaid' }, paidAt);
    expect((await deliver(pending)).applied).toBe(false);
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    const succeeded = stripeEvent(
      'checkout.session.async_payment_succeeded',
      { ...pending.data.object, payment_status: 'paid' },
      paidAt,
    );
    expect((await deliver(succeeded)).applied).toBe(true);
    expect((await deliver(succeeded)).applied).toBe(false); // once, however often it comes

    const row = await userRow(email);
    expect(row.hasActiveSubscription).toBe(true);
    expect(row.stripeCustomerId).toBe(pending.data.object.customer);
    expect(t.mailed().filter((m) => m.kind === 'welcome' && m.to === email)).toHaveLength(1);
    let grants = await grantsOf(row.id);
    expect(grants).toMatchObject([{ plan: 'pass-30', source: 'pass', sourceRef: pending.data.object.payment_intent }]);
    expect(grants[0]!.endsAt!.getTime()).toBe(paidAt * 1000 + 30 * DAY_MS);

    await deliver(paymentSession(email, 'pass-30', {}, paidAt + 60));
    grants = await grantsOf(row.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.endsAt!.getTime()).toBe(paidAt * 1000 + 60 * DAY_MS);

    // The sweep ends it on time.
    await sweepBilling(ctx(), new Date(paidAt * 1000 + 60 * DAY_MS - 60_000));
    expect((await userRow(email)).hasActiveSubscription).toBe(true);
    await sweepBilling(ctx(), new Date(paidAt * 1000 + 60 * DAY_MS + 60_000));
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: false, accessRooms: {} });
  });

  it('checks out lifetime in payment mode; its webhook grants rooms with no end', async () => {
    const email = uniqueEmail('life');
    const sent = await startCheckout(email, 'lifetime');
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('29900');
    expect((await deliver(paymentSession(email, 'lifetime'))).applied).toBe(true);
    const row = await userRow(email);
    expect(await grantsOf(row.id)).toMatchObject([{ plan: 'lifetime', source: 'lifetime', endsAt: null }]);
    expect(row.accessRooms).toEqual({ main: null, gold: null });
  });

  it('checks out a pay-once plan as the signed-in Stripe customer they are: customer set, none created; the webhook grants', async () => {
    // An account that became a Stripe customer with an earlier pass.
    const u = await signUp(t, uniqueEmail('returning'));
    const customer = newId('cus');
    expect((await deliver(paymentSession(u.email, 'pass-30', { customer }))).applied).toBe(true);
    expect((await userRow(u.email)).stripeCustomerId).toBe(customer);

    // Signed in, it buys lifetime: Checkout is asked for that customer, with no new one and no address.
    const res = await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'lifetime' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = asked.sessions.at(-1)!;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('customer')).toBe(customer);
    expect(sent.has('customer_creation')).toBe(false);
    expect(sent.has('customer_email')).toBe(false);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('29900');
    expect(sent.get('metadata[plan]')).toBe('lifetime');

    // Stripe completes it for the same customer: the lifetime grant beside the pass, the customer kept.
    const paid = paymentSession(u.email, 'lifetime', {
      customer,
      client_reference_id: sent.get('client_reference_id'),
      metadata: { email: u.email, plan: 'lifetime', pendingPaymentId: sent.get('metadata[pendingPaymentId]') },
    });
    expect((await deliver(paid)).applied).toBe(true);
    const row = await userRow(u.email);
    expect(row.id).toBe(u.id);
    expect(row.stripeCustomerId).toBe(customer);
    expect(await grantsOf(row.id)).toMatchObject([
      { plan: 'pass-30', source: 'pass' },
      { plan: 'lifetime', source: 'lifetime', sourceRef: paid.data.object.payment_intent, endsAt: null, endedAt: null },
    ]);
    expect(row.accessRooms).toEqual({ main: null, gold: null });
    expect((await u.client.get('/api/auth/user')).body.hasActiveSubscription).toBe(true);
  });

  it('refuses the free plan, an unknown one and an archived one at checkout, asking Stripe nothing', async () => {
    const before = asked.sessions.length;
    for (const plan of ['teaser', 'nowhere', 'old-pass']) {
      const res = await t.client().post('/api/create-checkout-session', { email: uniqueEmail('no'), plan });
      expect(res.status, plan).toBe(400);
      expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual(['plan']);
    }
    expect(asked.sessions.length).toBe(before);
  });

  it('lists plans with their own price when Stripe cannot be asked, and leaves out those only Stripe prices', async () => {
    // A fresh price id, not cached: Stripe is down when it is first asked.
    const res = await admin.patch('/api/admin/plans/quarterly-stripe', { stripePriceId: 'price_QuarterlyNew' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stripeDown = true;
    const listed = await t.client().get('/api/plans');
    expect(listed.status).toBe(200);
    const keys = (listed.body.plans as { key: string }[]).map((p) => p.key);
    expect(keys).toContain('quarterly');
    expect(keys).not.toContain('quarterly-stripe');
    expect((await t.client().get('/api/plans/quarterly-stripe')).status).toBe(503);
  });
});
