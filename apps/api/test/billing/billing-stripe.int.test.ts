import { createInnerContext, sweepBilling } from '@t0/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import { signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, type TestApp } from '../harness';
import {
  newStripeId as newId,
  stripeEvent,
  subscriptionCheckoutCompleted,
  stripeNow as now,
} from '../fakes/stripe-event';

const kinds = await testDbKinds();
const WEBHOOK_SECRET = 'whsec_billing_test_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const DAY_MS = 24 * 60 * 60 * 1000;
const API = 'https://api.stripe.com/v1';

// Stripe's API is outside this machine: msw answers it and records what the product asked.
const asked = {
  prices: 0,
  portal: [] as URLSearchParams[],
  updates: [] as { id: string; body: URLSearchParams }[],
  cancels: [] as { id: string; body: URLSearchParams }[],
};
let stripeDown = false;
const down = () =>
  HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 });
const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) => {
    asked.prices += 1;
    if (stripeDown) return down();
    const yearly = params.id === 'price_yearly_test';
    return HttpResponse.json({
      id: params.id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: yearly ? 39000 : 3900,
      recurring: { interval: yearly ? 'year' : 'month', interval_count: 1 },
    });
  }),
  http.get(`${API}/subscriptions/:id`, ({ params, request }) => {
    if (stripeDown) return down();
    expect(new URL(request.url).searchParams.get('expand[0]')).toBe('default_payment_method');
    return HttpResponse.json({
      id: params.id,
      object: 'subscription',
      status: 'active',
      default_payment_method: {
        id: 'pm_1',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242' },
      },
    });
  }),
  http.get(`${API}/invoices`, ({ request }) => {
    if (stripeDown) return down();
    const customer = new URL(request.url).searchParams.get('customer');
    return HttpResponse.json({
      object: 'list',
      has_more: false,
      url: '/v1/invoices',
      data: [
        {
          id: `in_${customer}`,
          object: 'invoice',
          number: 'T0-0001',
          created: 1_790_000_000,
          amount_paid: 3900,
          amount_due: 3900,
          currency: 'usd',
          status: 'paid',
          hosted_invoice_url: 'https://invoice.stripe.com/i/x',
        },
      ],
    });
  }),
  http.post(`${API}/billing_portal/sessions`, async ({ request }) => {
    if (stripeDown) return down();
    const body = new URLSearchParams(await request.text());
    asked.portal.push(body);
    return HttpResponse.json({
      id: 'bps_1',
      object: 'billing_portal.session',
      customer: body.get('customer'),
      url: `https://billing.stripe.com/p/session/${body.get('customer')}`,
    });
  }),
  http.post(`${API}/subscriptions/:id`, async ({ params, request }) => {
    if (stripeDown) return down();
    const body = new URLSearchParams(await request.text());
    asked.updates.push({ id: String(params.id), body });
    return HttpResponse.json({
      id: params.id,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
    });
  }),
  http.delete(`${API}/subscriptions/:id`, async ({ params, request }) => {
    if (stripeDown) return down();
    const url = new URL(request.url);
    // The library sends a DELETE's parameters in the query string.
    const body = new URLSearchParams([...url.searchParams, ...new URLSearchParams(await request.text())]);
    asked.cancels.push({ id: String(params.id), body });
    return HttpResponse.json({
      id: params.id,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: false,
    });
  }),
);

describe.each(kinds)('Stripe billing self-service on %s', (kind) => {
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

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

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

  const subscriptionUpdated = (
    sub: string,
    customer: string,
    fields: Record<string, unknown>,
    created = now(),
    type = 'customer.subscription.updated',
  ) =>
    stripeEvent(
      type,
      {
        id: sub,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: {},
        ...fields,
      },
      created,
    );

  /** A registered user who subscribed through Stripe Checkout (the webhook tells us). */
  async function stripeSubscriber() {
    const u = await signUp(t, uniqueEmail('stripebill'));
    const customer = newId('cus');
    const sub = newId('sub');
    await deliver(subscriptionCheckoutCompleted({ email: u.email, plan: 'monthly', customer, subscription: sub }));
    return { ...u, customer, sub };
  }

  it("prices the plans from Stripe's Price, cached", async () => {
    const before = asked.prices;
    const res = await t.client().get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'stripe',
      testMode: false,
      plans: [
        { plan: 'monthly', amountCents: 3900, currency: 'USD', interval: 'month', label: '$39.00 / month' },
        { plan: 'yearly', amountCents: 39000, currency: 'USD', interval: 'year', label: '$390.00 / year' },
      ],
    });
    expect(res.body.plans).toHaveLength(2);
    expect((await t.client().get('/api/plans')).status).toBe(200);
    expect(asked.prices - before).toBe(2); // one per price, then from the cache
  });

  it('opens the Customer Portal for the user’s own customer only', async () => {
    const a = await stripeSubscriber();
    const b = await stripeSubscriber();
    const res = await a.client.post('/api/billing/portal', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toBe(`https://billing.stripe.com/p/session/${a.customer}`);
    expect(asked.portal.at(-1)!.get('customer')).toBe(a.customer);
    expect(asked.portal.at(-1)!.get('return_url')).toBe('http://t0.test/profile?section=billing');
    expect((await b.client.post('/api/billing/portal', {})).body.url).toBe(
      `https://billing.stripe.com/p/session/${b.customer}`,
    );
    expect(asked.portal.at(-1)!.get('customer')).toBe(b.customer);

    stripeDown = true;
    const failed = await a.client.post('/api/billing/portal', {});
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('The billing portal could not be opened. Please try again.');
  });

  it('shows the card and invoices from Stripe beside the state the webhooks brought', async () => {
    const a = await stripeSubscriber();
    const res = await a.client.get('/api/billing');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'stripe',
      plan: 'monthly',
      price: { label: '$39.00 / month' },
      status: 'active',
      paymentMethod: { brand: 'visa', last4: '4242' },
      invoices: [
        {
          id: `in_${a.customer}`,
          number: 'T0-0001',
          amountCents: 3900,
          currency: 'USD',
          status: 'paid',
          url: 'https://invoice.stripe.com/i/x',
        },
      ],
      canManage: true,
      canCancel: true,
      detailsUnavailable: false,
    });
    stripeDown = true;
    const degraded = await a.client.get('/api/billing');
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({
      status: 'active',
      detailsUnavailable: true,
      invoices: [],
      paymentMethod: null,
    });
  });

  it('cancels at the period end through Stripe, keeps access until the end, then the deletion ends it', async () => {
    const a = await stripeSubscriber();
    stripeDown = true;
    const refused = await a.client.post('/api/billing/cancel', { reason: 'Switching providers' });
    expect(refused.status).toBe(503);
    stripeDown = false;

    const res = await a.client.post('/api/billing/cancel', { reason: 'Switching providers' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = asked.updates.at(-1)!;
    expect(update.id).toBe(a.sub);
    expect(update.body.get('cancel_at_period_end')).toBe('true');
    expect(update.body.get('cancellation_details[comment]')).toBe('Switching providers');

    // Stripe's webhook brings the change.
    const periodEnd = now() + 20 * 86400;
    const evt = subscriptionUpdated(a.sub, a.customer, {
      cancel_at_period_end: true,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
    });
    expect((await deliver(evt)).applied).toBe(true);
    expect((await deliver(evt)).applied).toBe(false); // once however often it comes
    const s = (await a.client.get('/api/billing')).body;
    expect(s).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: 'Switching providers',
      canResume: true,
      hasAccess: true,
    });
    expect(s.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });

    await deliver(
      subscriptionUpdated(
        a.sub,
        a.customer,
        { status: 'canceled', cancel_at_period_end: true },
        now() + 1,
        'customer.subscription.deleted',
      ),
    );
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    expect((await a.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: false });
    expect((await a.client.get('/api/billing')).body).toMatchObject({
      status: 'canceled',
      canResume: false,
      canCancel: false,
    });
  });

  it('keeps the reason given in the Customer Portal', async () => {
    const a = await stripeSubscriber();
    await deliver(
      subscriptionUpdated(a.sub, a.customer, {
        cancel_at_period_end: true,
        cancellation_details: { comment: null, feedback: 'too_expensive', reason: 'cancellation_requested' },
      }),
    );
    expect((await a.client.get('/api/billing')).body).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: 'too_expensive',
      canResume: true,
    });
  });

  it('resumes a cancellation before the period ends', async () => {
    const a = await stripeSubscriber();
    expect((await a.client.post('/api/billing/cancel', { reason: 'Too many signals' })).status).toBe(200);
    await deliver(subscriptionUpdated(a.sub, a.customer, { cancel_at_period_end: true }));
    const res = await a.client.post('/api/billing/resume', {});
    expect(res.status).toBe(200);
    expect(asked.updates.at(-1)!.body.get('cancel_at_period_end')).toBe('false');
    await deliver(subscriptionUpdated(a.sub, a.customer, { cancel_at_period_end: false }, now() + 1));
    expect((await a.client.get('/api/billing')).body).toMatchObject({
      cancelAtPeriodEnd: false,
      canCancel: true,
      hasAccess: true,
    });
  });

  it('keeps access through the past-due grace period, ends it after, and a paid invoice restores it', async () => {
    const a = await stripeSubscriber();
    const invoice = (type: string, created: number) =>
      stripeEvent(
        type,
        {
          id: newId('in'),
          object: 'invoice',
          customer: a.customer,
          status: 'open',
          parent: { type: 'subscription_details', subscription_details: { subscription: a.sub, metadata: {} } },
        },
        created,
      );
    const failedAt = now();
    const failed = invoice('invoice.payment_failed', failedAt);
    expect((await deliver(failed)).applied).toBe(true);
    expect((await deliver(failed)).applied).toBe(false);
    expect(await userRow(a.email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: true });
    const s = (await a.client.get('/api/billing')).body;
    expect(s.graceEndsAt).toBe(new Date(failedAt * 1000 + 3 * DAY_MS).toISOString());

    await sweepBilling(ctx(), new Date(failedAt * 1000 + 3 * DAY_MS - 60_000));
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: true });
    await sweepBilling(ctx(), new Date(failedAt * 1000 + 3 * DAY_MS + 60_000));
    expect(await userRow(a.email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: false });

    await deliver(invoice('invoice.paid', failedAt + 5));
    expect(await userRow(a.email)).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });
  });

  it("shows an administrator the Stripe subscriber's invoices from Stripe in the user drawer, and opens it when Stripe is down", async () => {
    const a = await stripeSubscriber();
    const admin = (await signUpAdmin(t)).client;
    const u = await userRow(a.email);
    const detail = await admin.get(`/api/admin/users/${u.id}/detail`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body).toMatchObject({
      providerInvoicesUnavailable: false,
      subscription: { id: a.sub, provider: 'stripe' },
    });
    expect(detail.body.providerInvoices).toEqual([
      {
        id: `in_${a.customer}`,
        number: 'T0-0001',
        createdAt: new Date(1_790_000_000 * 1000).toISOString(),
        amountCents: 3900,
        discountCents: 0,
        creditCents: 0,
        description: null,
        currency: 'USD',
        status: 'paid',
        url: 'https://invoice.stripe.com/i/x',
      },
    ]);

    stripeDown = true;
    const degraded = await admin.get(`/api/admin/users/${u.id}/detail`);
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({
      providerInvoices: [],
      providerInvoicesUnavailable: true,
      account: { email: a.email },
    });
  });

  it("ends a Stripe subscriber's access at once when an administrator asks: Stripe first, nothing changed when it is down", async () => {
    const a = await stripeSubscriber();
    const admin = (await signUpAdmin(t)).client;
    const u = await userRow(a.email);

    stripeDown = true;
    const refused = await admin.post(`/api/admin/users/${u.id}/end-access`, {});
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.message).toMatch(/nothing was changed/);
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    stripeDown = false;

    const res = await admin.post(`/api/admin/users/${u.id}/end-access`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cancel = asked.cancels.at(-1)!;
    expect(cancel.id).toBe(a.sub);
    expect(cancel.body.get('prorate')).toBe('false');
    expect(cancel.body.get('invoice_now')).toBe('false');
    expect(cancel.body.get('cancellation_details[comment]')).toMatch(/administrator/);
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    expect((await a.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: false });
    const ended = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select(['status', 'endedAt'])
      .where('subscriptionId', '=', a.sub)
      .executeTakeFirstOrThrow();
    expect(ended.status).toBe('canceled');
    expect(ended.endedAt).not.toBeNull();

    // Stripe's own deletion webhook then changes nothing more; a second request has nothing to end.
    await deliver(
      subscriptionUpdated(a.sub, a.customer, { status: 'canceled' }, now() + 1, 'customer.subscription.deleted'),
    );
    const after = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select(['status', 'endedAt'])
      .where('subscriptionId', '=', a.sub)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(ended);
    expect(await userRow(a.email)).toMatchObject({ hasActiveSubscription: false });
    const again = await admin.post(`/api/admin/users/${u.id}/end-access`, {});
    expect(again.status).toBe(409);
    expect(asked.cancels.filter((c) => c.id === a.sub)).toHaveLength(1);
  });
});
