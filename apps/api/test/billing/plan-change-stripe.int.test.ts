import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oneTestDbKind, signUp, signUpAdmin, startTestApp, uniqueEmail, type TestApp } from '../harness';
import {
  newStripeId as newId,
  stripeEvent,
  subscriptionCheckoutCompleted,
  stripeNow as now,
  stripePriceBody,
} from '../fakes/stripe-event';

// Changing plans with Stripe (docs/features/billing.md): the preview is Stripe's invoice preview, the
// change moves the subscription's item to the new price with always_invoice at the preview's
// proration date, and the grant follows Stripe's webhook, whose item price names the plan (so that
// a switch in the Customer Portal counts too). Stripe's API is faked with msw; webhooks are signed.

const WEBHOOK_SECRET = 'whsec_plan_change_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const API = 'https://api.stripe.com/v1';
const DAY = 24 * 60 * 60;

interface FakeSub {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  metadata: Record<string, string>;
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
}
interface Line {
  amount: number;
  proration: boolean;
  end: number;
}

// What Stripe holds, what the product asked, and the invoice Stripe answers with next.
const subs = new Map<string, FakeSub>();
const asked = {
  previews: [] as URLSearchParams[],
  updates: [] as { id: string; body: URLSearchParams; idempotencyKey: string | null }[],
};
let invoice: { lines: Line[]; startingBalance: number } = { lines: [], startingBalance: 0 };
let stripeAnswer: 'ok' | 'down' | 'refuse' = 'ok';

const subscriptionJson = (s: FakeSub) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customer,
  status: s.status,
  currency: 'usd',
  cancel_at_period_end: false,
  metadata: s.metadata,
  trial_end: s.trialEnd,
  default_payment_method: null,
  items: {
    object: 'list',
    data: [
      {
        id: `si_${s.id}`,
        object: 'subscription_item',
        price: { id: s.priceId, object: 'price', currency: 'usd' },
        current_period_start: s.periodStart,
        current_period_end: s.periodEnd,
      },
    ],
  },
});

const invoiceJson = (sub: string, reason: string | null) => {
  const total = invoice.lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    id: reason ? newId('in') : 'upcoming_in',
    object: 'invoice',
    currency: 'usd',
    billing_reason: reason,
    starting_balance: invoice.startingBalance,
    total,
    amount_due: Math.max(0, total + invoice.startingBalance),
    lines: {
      object: 'list',
      has_more: false,
      data: invoice.lines.map((l, i) => ({
        id: `il_${i}`,
        object: 'line_item',
        amount: l.amount,
        currency: 'usd',
        period: { start: now(), end: l.end },
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: { proration: l.proration, subscription: sub, subscription_item: `si_${sub}` },
        },
      })),
    },
  };
};

const failure = () =>
  stripeAnswer === 'down'
    ? HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 })
    : stripeAnswer === 'refuse'
      ? HttpResponse.json(
          { error: { type: 'invalid_request_error', message: 'No such price: price_gone' } },
          { status: 400 },
        )
      : null;

const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) =>
    HttpResponse.json(
      params.id === 'price_yearly_test' ? stripePriceBody(params.id, 39000, 'year') : stripePriceBody(params.id, 3900),
    ),
  ),
  http.get(`${API}/invoices`, () =>
    HttpResponse.json({ object: 'list', has_more: false, url: '/v1/invoices', data: [] }),
  ),
  http.get(`${API}/subscriptions/:id`, ({ params }) => {
    const s = subs.get(String(params.id));
    return s
      ? HttpResponse.json(subscriptionJson(s))
      : HttpResponse.json({ error: { type: 'invalid_request_error' } }, { status: 404 });
  }),
  http.post(`${API}/invoices/create_preview`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    asked.previews.push(body);
    return failure() ?? HttpResponse.json(invoiceJson(body.get('subscription')!, null));
  }),
  http.post(`${API}/subscriptions/:id`, async ({ params, request }) => {
    const body = new URLSearchParams(await request.text());
    asked.updates.push({ id: String(params.id), body, idempotencyKey: request.headers.get('idempotency-key') });
    const fail = failure();
    if (fail) return fail;
    const s = subs.get(String(params.id))!;
    s.priceId = body.get('items[0][price]') ?? s.priceId;
    for (const [k, v] of body) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) s.metadata[m[1]!] = v;
    }
    return HttpResponse.json({ ...subscriptionJson(s), latest_invoice: invoiceJson(s.id, 'subscription_update') });
  }),
);

describe.each(await oneTestDbKind())('changing plans with Stripe on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(kind, STRIPE_ENV);
    const admin = (await signUpAdmin(t)).client;
    expect(
      (await admin.post('/api/admin/rooms', { slug: 'gold', name: 'Gold room', instruments: ['US30'] })).status,
    ).toBe(200);
    const recurring = { terms: 'recurring', interval: 'month', intervalCount: 1, currency: 'usd' };
    for (const plan of [
      {
        key: 'gold',
        name: 'Gold',
        rooms: ['main', 'gold'],
        amountCents: 7900,
        stripePriceId: 'price_gold',
        ...recurring,
      },
      { key: 'cash-only', name: 'Cash only', rooms: ['main'], amountCents: 5900, ...recurring },
      { key: 'gone', name: 'Gone', rooms: ['main'], stripePriceId: 'price_gone', ...recurring, currency: null },
      {
        key: 'gold-pass',
        name: 'Gold pass',
        rooms: ['gold'],
        terms: 'pass',
        passDays: 30,
        amountCents: 2000,
        currency: 'usd',
      },
    ]) {
      const res = await admin.post('/api/admin/plans', plan);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterEach(() => {
    stripeAnswer = 'ok';
    invoice = { lines: [], startingBalance: 0 };
  });
  afterAll(async () => {
    await t?.close();
    stripeApi.close();
  });

  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const rooms = async (email: string) => Object.keys((await userRow(email)).accessRooms as object).sort();
  const storedPlan = async (sub: string) =>
    (
      await t.db.db
        .selectFrom('paymentSubscriptions')
        .select('plan')
        .where('subscriptionId', '=', sub)
        .executeTakeFirstOrThrow()
    ).plan;

  async function deliver(evt: object) {
    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status).toBe(200);
    return res.body as { applied: boolean };
  }

  /** Stripe's word that the subscription is as the fake holds it now (metadata as Stripe keeps it). */
  const tellUpdated = (s: FakeSub, type = 'customer.subscription.updated', created = now()) =>
    deliver(stripeEvent(type, subscriptionJson(s), created));

  /** A subscriber who paid through Stripe Checkout: the checkout's webhook, then the subscription's. */
  async function stripeSubscriber(priceId = 'price_monthly_test', plan = 'monthly', status = 'active') {
    const u = await signUp(t, uniqueEmail('stripechg'));
    const customer = newId('cus');
    const sub = newId('sub');
    const start = now() - 10 * DAY;
    const s: FakeSub = {
      id: sub,
      customer,
      status,
      priceId,
      metadata: { email: u.email, plan },
      periodStart: start,
      periodEnd: start + 30 * DAY,
      trialEnd: status === 'trialing' ? start + 14 * DAY : null,
    };
    subs.set(sub, s);
    await deliver(subscriptionCheckoutCompleted({ email: u.email, plan: plan, customer, subscription: sub }));
    await tellUpdated(s);
    return { ...u, customer, sub, s };
  }

  it('upgrades through Stripe: the preview and the update carry the item, the new price, always_invoice and one proration date', async () => {
    const u = await stripeSubscriber();
    expect(await rooms(u.email)).toEqual(['main']);
    // Stripe's figures: 20 of 30 days left of $39 credited, of $79 charged.
    invoice = {
      lines: [
        { amount: -2600, proration: true, end: u.s.periodEnd },
        { amount: 5267, proration: true, end: u.s.periodEnd },
      ],
      startingBalance: 0,
    };
    const preview = await u.client.get('/api/billing/plan-change?plan=gold');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      from: { key: 'monthly', name: 'Monthly', label: '$39.00 / month' },
      to: { key: 'gold', name: 'Gold', label: '$79.00 / month' },
      kind: 'prorated',
      creditCents: 2600,
      chargeCents: 5267,
      totalCents: 2667,
      dueNowCents: 2667,
      creditBalanceCents: 0,
      currency: 'USD',
      periodEnd: new Date(u.s.periodEnd * 1000).toISOString(),
      prorationDate: expect.any(String),
      roomsGained: [{ slug: 'gold', name: 'Gold room' }],
      roomsLost: [],
    });
    const seconds = String(Math.floor(Date.parse(preview.body.prorationDate) / 1000));
    const asks = asked.previews.at(-1)!;
    expect(Object.fromEntries(asks)).toMatchObject({
      customer: u.customer,
      subscription: u.sub,
      'subscription_details[items][0][id]': `si_${u.sub}`,
      'subscription_details[items][0][price]': 'price_gold',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': seconds,
    });

    await new Promise((r) => setTimeout(r, 1100)); // the click comes later; the proration date stays
    const res = await u.client.post('/api/billing/plan-change', {
      plan: 'gold',
      prorationDate: preview.body.prorationDate,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = asked.updates.at(-1)!;
    expect(update.id).toBe(u.sub);
    expect(Object.fromEntries(update.body)).toMatchObject({
      'items[0][id]': `si_${u.sub}`,
      'items[0][price]': 'price_gold',
      proration_behavior: 'always_invoice',
      proration_date: seconds,
      'metadata[plan]': 'gold',
      'metadata[email]': u.email,
      'expand[0]': 'latest_invoice',
    });
    expect(update.idempotencyKey).toBe(`t0-plan-change-${u.sub}-gold-${seconds}`);
    // What the change's invoice billed is what the preview said.
    expect(res.body.change).toEqual(preview.body);
    expect(res.body.message).toMatch(/^Your plan is changing to Gold; Billing shows it once Stripe confirms/);
    expect(res.body.message).toContain('$26.67 charged now.');
    // The grant waits for Stripe's word.
    expect(await rooms(u.email)).toEqual(['main']);
    expect((await tellUpdated(u.s)).applied).toBe(true);
    expect(await rooms(u.email)).toEqual(['gold', 'main']);
    expect((await u.client.get('/api/billing')).body).toMatchObject({
      subscriptionPlan: { key: 'gold', label: '$79.00 / month' },
      canChangePlan: true,
    });
  });

  it('honours a switch made in the Customer Portal: the item price names the plan, whatever the metadata says', async () => {
    const u = await stripeSubscriber();
    // The portal changes the price and leaves the metadata (plan: monthly) as it was.
    u.s.priceId = 'price_gold';
    expect((await tellUpdated(u.s)).applied).toBe(true);
    expect(u.s.metadata.plan).toBe('monthly');
    expect(await storedPlan(u.sub)).toBe('gold');
    expect(await rooms(u.email)).toEqual(['gold', 'main']);
    // And back to the legacy monthly price (the settings' STRIPE_PRICE_MONTHLY) while the metadata says gold.
    u.s.priceId = 'price_monthly_test';
    u.s.metadata.plan = 'gold';
    expect((await tellUpdated(u.s, 'customer.subscription.updated', now() + 1)).applied).toBe(true);
    expect(await storedPlan(u.sub)).toBe('monthly');
    expect(await rooms(u.email)).toEqual(['main']);
  });

  it('downgrades through Stripe: a negative total becomes credit on top of the balance the customer had', async () => {
    const u = await stripeSubscriber('price_gold', 'gold');
    expect(await rooms(u.email)).toEqual(['gold', 'main']);
    invoice = {
      lines: [
        { amount: -5267, proration: true, end: u.s.periodEnd },
        { amount: 2600, proration: true, end: u.s.periodEnd },
      ],
      startingBalance: -500,
    };
    const res = await u.client.post('/api/billing/plan-change', { plan: 'monthly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.change).toMatchObject({
      kind: 'prorated',
      creditCents: 5267,
      chargeCents: 2600,
      totalCents: -2667,
      dueNowCents: 0,
      creditBalanceCents: 3167,
      roomsLost: [{ slug: 'gold', name: 'Gold room' }],
    });
    expect(Object.fromEntries(asked.updates.at(-1)!.body)).toMatchObject({
      'items[0][price]': 'price_monthly_test',
      proration_behavior: 'always_invoice',
      'metadata[plan]': 'monthly',
    });
    await tellUpdated(u.s);
    expect(await rooms(u.email)).toEqual(['main']);
  });

  it('cross-grades to Yearly: Stripe starts a new period now; the answer says when it ends', async () => {
    const u = await stripeSubscriber();
    const yearOn = now() + 365 * DAY;
    invoice = {
      lines: [
        { amount: -2600, proration: true, end: u.s.periodEnd },
        { amount: 39000, proration: false, end: yearOn },
      ],
      startingBalance: 0,
    };
    const res = await u.client.post('/api/billing/plan-change', { plan: 'yearly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.change).toMatchObject({
      kind: 'new_period',
      creditCents: 2600,
      chargeCents: 39000,
      totalCents: 36400,
      dueNowCents: 36400,
      periodEnd: new Date(yearOn * 1000).toISOString(),
    });
    expect(asked.updates.at(-1)!.body.get('items[0][price]')).toBe('price_yearly_test');
  });

  it('changes a trialing subscription without proration and without a preview', async () => {
    const u = await stripeSubscriber('price_monthly_test', 'monthly', 'trialing');
    const previews = asked.previews.length;
    const res = await u.client.post('/api/billing/plan-change', { plan: 'gold' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.change).toMatchObject({
      kind: 'trial',
      creditCents: 0,
      chargeCents: 0,
      dueNowCents: 0,
      periodEnd: new Date(u.s.trialEnd! * 1000).toISOString(),
    });
    const body = asked.updates.at(-1)!.body;
    expect(body.get('proration_behavior')).toBe('none');
    expect(body.has('proration_date')).toBe(false);
    expect(asked.previews.length).toBe(previews);
  });

  it('refuses a plan without a Stripe price, says what Stripe refused, and changes nothing when Stripe is down', async () => {
    const u = await stripeSubscriber();
    const updates = asked.updates.length;
    const noPrice = await u.client.post('/api/billing/plan-change', { plan: 'cash-only' });
    expect(noPrice.status).toBe(409);
    expect(noPrice.body.message).toBe('plan: Cash only has no Stripe price; it cannot be chosen yet');
    stripeAnswer = 'refuse';
    const refused = await u.client.post('/api/billing/plan-change', { plan: 'gone' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('plan: Stripe refused the change: No such price: price_gone');
    stripeAnswer = 'down';
    const down = await u.client.get('/api/billing/plan-change?plan=gold');
    expect(down.status).toBe(503);
    const downChange = await u.client.post('/api/billing/plan-change', { plan: 'gold' });
    expect(downChange.status).toBe(503);
    expect(downChange.body.message).toMatch(/nothing was changed/);
    expect(await storedPlan(u.sub)).toBe('monthly');
    expect(asked.updates.length).toBeGreaterThan(updates); // asked (and retried), refused
    expect(u.s.priceId).toBe('price_monthly_test');
  });

  it('cancelling the subscription ends its rooms only: a pass keeps running', async () => {
    const u = await stripeSubscriber('price_gold', 'gold');
    expect(
      (await t.client().post('/api/test/activate-subscription', { email: u.email, plan: 'gold-pass' })).status,
    ).toBe(200);
    u.s.status = 'canceled';
    await tellUpdated(u.s, 'customer.subscription.deleted', now() + 1);
    const row = await userRow(u.email);
    expect(row).toMatchObject({ subscriptionStatus: 'canceled', hasActiveSubscription: true });
    expect(await rooms(u.email)).toEqual(['gold']);
    expect((await u.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });
    expect((await u.client.get('/api/billing')).body).toMatchObject({ canChangePlan: false, hasAccess: true });
    expect((await u.client.post('/api/billing/plan-change', { plan: 'monthly' })).status).toBe(409);
  });
});
