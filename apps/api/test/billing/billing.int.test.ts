import { CANCEL_REASON_MAX } from '@t0/contracts';
import { applyPaymentEvent, createInnerContext, sweepBilling } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import { signUp, startTestApp, oneTestDbKind, uniqueEmail, type TestApp, type TestClient } from '../harness';

const kinds = await oneTestDbKind();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY_MS = 24 * 60 * 60 * 1000;

// The local test mode is its own payment provider: checkout, invoices, cancel at the period end,
// resume, the past-due grace period and the period's end, all through the same code as Stripe's.
describe.each(kinds)('billing in the local test mode on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_MONTHLY_PRICE: '49', PLAN_YEARLY_PRICE: '490.00', PLAN_CURRENCY: 'eur' });
  });
  afterAll(async () => t?.close());

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  /** A registered user who paid through the local checkout page with a test card. */
  async function paidSubscriber(plan = 'monthly') {
    const u = await signUp(t, uniqueEmail('bill'));
    const started = await u.client.post('/api/create-checkout-session', { email: u.email, plan });
    expect(started.status).toBe(200);
    const url = new URL(started.body.url as string);
    const page = await u.client.get(url.pathname + url.search);
    expect(page.body).toContain(plan === 'yearly' ? '€490.00 / year' : '€49.00 / month');
    const session = url.searchParams.get('session')!;
    const form = new URLSearchParams({
      session,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'T',
    });
    expect((await u.client.request('POST', '/checkout/test', form.toString(), FORM)).status).toBe(303);
    return u;
  }

  const summary = async (c: TestClient) => {
    const res = await c.get('/api/billing');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists the plans priced by the settings, publicly', async () => {
    const res = await t.client().get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'settings',
      testMode: true,
      plans: [
        { plan: 'monthly', amountCents: 4900, currency: 'EUR', interval: 'month', label: '€49.00 / month' },
        { plan: 'yearly', amountCents: 49000, currency: 'EUR', interval: 'year', label: '€490.00 / year' },
      ],
    });
    expect(res.body.plans).toHaveLength(2);
  });

  it('answers 401 for billing without a session', async () => {
    expect((await t.client().get('/api/billing')).status).toBe(401);
    expect((await t.client().post('/api/billing/cancel', { reason: 'x' })).status).toBe(401);
  });

  it('shows plan, renewal date, card and the invoice of a test-mode checkout', async () => {
    const { client } = await paidSubscriber();
    const s = await summary(client);
    expect(s).toMatchObject({
      provider: 'local',
      plan: 'monthly',
      price: { label: '€49.00 / month' },
      status: 'active',
      hasAccess: true,
      cancelAtPeriodEnd: false,
      paymentMethod: { brand: 'test card', last4: '4242' },
      canManage: false,
      canCancel: true,
      canResume: false,
      graceEndsAt: null,
    });
    const renews = new Date(s.currentPeriodEnd).getTime();
    expect(renews - Date.now()).toBeGreaterThan(27 * DAY_MS);
    expect(renews - Date.now()).toBeLessThan(32 * DAY_MS);
    expect(s.invoices).toHaveLength(1);
    expect(s.invoices[0]).toMatchObject({ amountCents: 4900, currency: 'EUR', status: 'paid', url: null });
    expect(s.invoices[0].number).toMatch(/^TEST-\d{6}$/);
    // Nothing to open at Stripe in test mode.
    expect((await client.post('/api/billing/portal', {})).status).toBe(409);
  });

  it('cancels at the period end with a reason, keeps access until then, resumes, and ends at the period end', async () => {
    const { client, email } = await paidSubscriber();

    // The reason is optional, but a reason too long is refused, naming it, and changes nothing.
    const tooLong = await client.post('/api/billing/cancel', { reason: 'x'.repeat(CANCEL_REASON_MAX + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.map((f: { path: string }) => f.path)).toEqual(['reason']);
    expect((await summary(client)).cancelAtPeriodEnd).toBe(false);

    const cancelled = await client.post('/api/billing/cancel', { reason: 'Too expensive for me right now' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toMatch(
      /^Your subscription ends on \d{4}-\d{2}-\d{2}; access continues until then\.$/,
    );
    expect(cancelled.body.summary).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelReason: 'Too expensive for me right now',
      canCancel: false,
      canResume: true,
      hasAccess: true,
    });
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    expect((await client.post('/api/billing/cancel', { reason: 'again' })).status).toBe(409);
    // The sweep leaves it alone while the period runs.
    await sweepBilling(ctx());
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true });

    const resumed = await client.post('/api/billing/resume', {});
    expect(resumed.status).toBe(200);
    expect(resumed.body.summary).toMatchObject({
      cancelAtPeriodEnd: false,
      cancelReason: null,
      canCancel: true,
      canResume: false,
    });
    expect((await client.post('/api/billing/resume', {})).status).toBe(409);

    expect((await client.post('/api/billing/cancel', { reason: 'Taking a break' })).status).toBe(200);
    const row = await userRow(email);
    const sub = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', row.stripeSubscriptionId!)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'Taking a break' });
    expect(sub.cancelRequestedAt).toBeInstanceOf(Date);

    // The period is over: the sweep ends the subscription like a provider would.
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where('subscriptionId', '=', sub.subscriptionId)
      .execute();
    const report = await sweepBilling(ctx());
    expect(report.periodsEnded).toBeGreaterThanOrEqual(1);
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      hasActiveSubscription: false,
      subscriptionStatus: 'canceled',
    });
    const after = await summary(client);
    expect(after).toMatchObject({ status: 'canceled', hasAccess: false, canCancel: false, canResume: false });
    expect((await client.post('/api/billing/resume', {})).status).toBe(409);
  });

  it('keeps a past-due subscription open for the grace period, then ends access; a paid invoice restores it', async () => {
    const { client, email } = await paidSubscriber('yearly');
    const row = await userRow(email);
    const failedAt = new Date();
    await applyPaymentEvent(ctx(), {
      id: `local_evt_failed_${row.id}`,
      provider: 'local',
      providerType: 'invoice.payment_failed',
      event: {
        type: 'payment.failed',
        subscriptionId: row.stripeSubscriptionId,
        customerId: row.stripeCustomerId,
        occurredAt: failedAt,
      },
    });
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: true });
    const s = await summary(client);
    expect(s).toMatchObject({ status: 'past_due', hasAccess: true, plan: 'yearly' });
    expect(Math.abs(new Date(s.graceEndsAt).getTime() - (failedAt.getTime() + 3 * DAY_MS))).toBeLessThan(1000);

    await sweepBilling(ctx(), new Date(failedAt.getTime() + 2 * DAY_MS));
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true });
    const report = await sweepBilling(ctx(), new Date(failedAt.getTime() + 3 * DAY_MS + 60_000));
    expect(report.graceEnded).toBeGreaterThanOrEqual(1);
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: false });
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      hasActiveSubscription: false,
      subscriptionStatus: 'past_due',
    });

    await applyPaymentEvent(ctx(), {
      id: `local_evt_paid_${row.id}`,
      provider: 'local',
      providerType: 'invoice.paid',
      event: {
        type: 'invoice.paid',
        subscriptionId: row.stripeSubscriptionId,
        customerId: row.stripeCustomerId,
        occurredAt: new Date(),
      },
    });
    expect(await userRow(email)).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });
    expect((await summary(client)).graceEndsAt).toBeNull();
  });

  it('renews a test-mode subscription at its period end with a new invoice', async () => {
    const { client, email } = await paidSubscriber();
    const row = await userRow(email);
    const end = new Date(Date.now() - 60_000);
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodEnd: end })
      .where('subscriptionId', '=', row.stripeSubscriptionId!)
      .execute();
    const report = await sweepBilling(ctx());
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const s = await summary(client);
    expect(s).toMatchObject({ status: 'active', hasAccess: true });
    expect(new Date(s.currentPeriodEnd).getTime() - end.getTime()).toBeGreaterThan(27 * DAY_MS);
    expect(s.invoices).toHaveLength(2);
    expect(s.invoices[0]).toMatchObject({ amountCents: 4900, status: 'paid' });
    // Once per period, whoever sweeps.
    await sweepBilling(ctx());
    expect((await summary(client)).invoices).toHaveLength(2);
  });

  it('shows a user without a subscription that there is nothing to bill', async () => {
    const { client } = await signUp(t, uniqueEmail('free'));
    expect(await summary(client)).toMatchObject({
      provider: 'none',
      plan: null,
      status: 'inactive',
      hasAccess: false,
      invoices: [],
      canCancel: false,
      canResume: false,
      canManage: false,
    });
    expect((await client.post('/api/billing/cancel', { reason: 'none' })).status).toBe(409);
  });
});
