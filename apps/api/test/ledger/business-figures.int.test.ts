import { createInnerContext, sweepBilling } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  ADMIN_EMAIL,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await testDbKinds();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY_MS = 24 * 60 * 60 * 1000;

type Figures = {
  monthStart: string;
  activeSubscribers: number;
  payingSubscribers: number;
  freeAccess: number;
  newThisMonth: number;
  endedThisMonth: number;
  cancelRequestedThisMonth: number;
  activeAtMonthStart: number;
  churnRate: number | null;
  mrr: {
    lines: { currency: string; amountCents: number; subscriptions: number }[];
    unpriced: number;
    priceSource: string | null;
  };
  failedPayments30d: number;
  lastFailedPaymentAt: string | null;
  cancelReasons30d: {
    total: number;
    byReason: { reason: string; count: number }[];
    latest: { email: string | null; reason: string; at: string; ended: boolean }[];
  };
};

// The console's business figures, counted from what the test-mode checkout, the billing
// self-service and the payment events recorded (months are UTC calendar months).
describe.each(kinds)('business figures on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_MONTHLY_PRICE: '49', PLAN_YEARLY_PRICE: '490', PLAN_CURRENCY: 'eur' });
    admin = (await signUpAdmin(t)).client;
    // MRR is counted in the reporting currency (the revenue figures' rule): the plans here are in euros.
    const settings = await admin.get('/api/admin/site-settings');
    const { updatedAt: _u, defaultSupportEmail: _d, ...editable } = settings.body;
    const saved = await admin.request('PUT', '/api/admin/site-settings', { ...editable, reportingCurrency: 'EUR' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => t?.close());

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const figures = async (): Promise<Figures> => {
    const res = await admin.get('/api/admin/business');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Figures;
  };
  const subOf = async (email: string) => {
    const u = await t.db.db
      .selectFrom('users')
      .select(['stripeSubscriptionId'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', u.stripeSubscriptionId!)
      .executeTakeFirstOrThrow();
  };

  /** Starts a test-mode checkout for `email` and answers its session reference. */
  async function startCheckout(c: TestClient, email: string, plan: string) {
    const started = await c.post('/api/create-checkout-session', { email, plan });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return new URL(started.body.url as string).searchParams.get('session')!;
  }
  const pay = (c: TestClient, session: string, extra: Record<string, string> = {}) =>
    c.request(
      'POST',
      '/checkout/test',
      new URLSearchParams({
        session,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
        name: 'T',
        ...extra,
      }).toString(),
      FORM,
    );

  /** A registered user who paid through the test-mode checkout page. */
  async function paidSubscriber(plan = 'monthly', email = uniqueEmail('biz')) {
    const u = await signUp(t, email);
    expect((await pay(u.client, await startCheckout(u.client, u.email, plan))).status).toBe(303);
    return u;
  }

  it('is for administrators only', async () => {
    const sub = await signUpSubscriber(t);
    expect((await sub.client.get('/api/admin/business')).status).toBe(403);
    expect((await t.client().get('/api/admin/business')).status).toBe(401);
  });

  it('says there is no data rather than showing figures it does not have', async () => {
    // Only the free-access subscriber of the test before exists: no paying subscription at all.
    const f = await figures();
    expect(f.monthStart).toBe(
      new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString(),
    );
    expect(f).toMatchObject({
      activeSubscribers: 1,
      payingSubscribers: 0,
      freeAccess: 1,
      newThisMonth: 0,
      endedThisMonth: 0,
      activeAtMonthStart: 0,
      churnRate: null,
      mrr: { lines: [], unpriced: 0, priceSource: 'settings' },
      failedPayments30d: 0,
      lastFailedPaymentAt: null,
      cancelReasons30d: { total: 0, byReason: [], latest: [] },
    });
  });

  it('counts subscribers, new and ended this month, churn, MRR, failed payments and reasons from the records', async () => {
    const monthly = await paidSubscriber('monthly');
    await paidSubscriber('yearly');
    const leaving = await paidSubscriber('monthly');
    // An administrator who bought a plan still counts nowhere (they have access anyway).
    expect((await pay(admin, await startCheckout(admin, ADMIN_EMAIL, 'monthly'))).status).toBe(303);

    // `leaving` and `monthly` began last month: the churn base.
    const monthStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
    for (const u of [leaving, monthly]) {
      const s = await subOf(u.email);
      await t.db.db
        .updateTable('paymentSubscriptions')
        .set({ startedAt: new Date(monthStart - 10 * DAY_MS) })
        .where('subscriptionId', '=', s.subscriptionId)
        .execute();
    }

    let f = await figures();
    expect(f).toMatchObject({
      activeSubscribers: 4, // three paying, one free access
      payingSubscribers: 3,
      freeAccess: 1,
      newThisMonth: 1, // `yearly` only (the admin's is not counted)
      endedThisMonth: 0,
      activeAtMonthStart: 2,
      churnRate: 0,
    });
    // 2 × €49 + €490 / 12 (€40.83): the same figure as ANALYTICS › REVENUE's MRR now.
    expect(f.mrr).toEqual({
      lines: [{ currency: 'EUR', amountCents: 2 * 4900 + 4083, subscriptions: 3 }],
      unpriced: 0,
      priceSource: 'settings',
    });

    // One definition: the revenue figures' running month shows the same MRR and holders.
    const revenue = await admin.get('/api/admin/metrics/revenue');
    expect(revenue.status, JSON.stringify(revenue.body)).toBe(200);
    const running = revenue.body.months.at(-1);
    expect(revenue.body.reportingCurrency).toBe('EUR');
    expect(running).toMatchObject({ mrr: f.mrr.lines[0]!.amountCents, activeHolders: 3, unpricedHolders: 0 });

    // `leaving` cancels at the period's end with a reason: requested this month, not yet ended.
    const cancelled = await leaving.client.post('/api/billing/cancel', { reason: 'Too expensive: cheaper elsewhere' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    f = await figures();
    expect(f).toMatchObject({ endedThisMonth: 0, cancelRequestedThisMonth: 1, churnRate: 0 });
    expect(f.cancelReasons30d).toMatchObject({ total: 1, byReason: [{ reason: 'Too expensive', count: 1 }] });
    expect(f.cancelReasons30d.latest[0]).toMatchObject({
      email: leaving.email,
      reason: 'Too expensive: cheaper elsewhere',
      ended: false,
    });

    // Its period ends: the subscription ends this month, churn = 1 ended ÷ 2 active on the 1st.
    const s = await subOf(leaving.email);
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where('subscriptionId', '=', s.subscriptionId)
      .execute();
    expect((await sweepBilling(ctx())).periodsEnded).toBe(1);
    const ended = await subOf(leaving.email);
    expect(ended.status).toBe('canceled');
    expect(ended.endedAt).toBeInstanceOf(Date);
    f = await figures();
    expect(f).toMatchObject({
      activeSubscribers: 3,
      payingSubscribers: 2,
      endedThisMonth: 1,
      cancelRequestedThisMonth: 0,
      activeAtMonthStart: 2,
      churnRate: 50,
    });
    expect(f.mrr.lines).toEqual([{ currency: 'EUR', amountCents: 4900 + 4083, subscriptions: 2 }]);
    // The reason stays on record for the team after the end.
    expect(f.cancelReasons30d.latest[0]).toMatchObject({ email: leaving.email, ended: true });

    // The same figures straight from the records.
    const rows = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('email', '!=', ADMIN_EMAIL)
      .execute();
    expect(rows.filter((r) => r.startedAt && r.startedAt.getTime() >= monthStart)).toHaveLength(f.newThisMonth);
    expect(rows.filter((r) => r.endedAt && r.endedAt.getTime() >= monthStart)).toHaveLength(f.endedThisMonth);

    // A failed renewal: past due (still paying, still in MRR), counted as a failed payment.
    const failedAt = Date.now();
    const retry = await startCheckout(monthly.client, monthly.email, 'monthly');
    const declined = await pay(monthly.client, retry, { outcome: 'fail' });
    expect(declined.status).toBe(402);
    f = await figures();
    expect(f).toMatchObject({ failedPayments30d: 1, payingSubscribers: 2 });
    expect(f.mrr.lines[0]).toMatchObject({ subscriptions: 2 });
    expect(Date.parse(f.lastFailedPaymentAt!)).toBeGreaterThanOrEqual(failedAt - 1000);
    const events = await t.db.db
      .selectFrom('processedPaymentEvents')
      .select('type')
      .where('type', '=', 'invoice.payment_failed')
      .execute();
    expect(events).toHaveLength(f.failedPayments30d);
  });

  it('declines a test-mode payment like a provider: a running subscription falls past due with its grace period, a new buyer gets nothing', async () => {
    // A subscriber whose card is declined on a new payment.
    const u = await paidSubscriber('monthly');
    const session = await startCheckout(u.client, u.email, 'monthly');
    const page = await u.client.get(`/checkout/test?session=${session}`);
    expect(page.body).toContain('SIMULATE FAILED PAYMENT');
    const before = Date.now();
    const declined = await pay(u.client, session, { outcome: 'fail' });
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).toMatch(
      /Your subscription is now past due: access continues until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
    );
    const row = await t.db.db.selectFrom('users').selectAll().where('email', '=', u.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subscriptionStatus: 'past_due', hasActiveSubscription: true });
    const billing = (await u.client.get('/api/billing')).body;
    expect(billing).toMatchObject({ status: 'past_due', hasAccess: true });
    expect(Date.parse(billing.graceEndsAt) - before).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(Date.parse(billing.graceEndsAt) - before).toBeLessThan(3 * DAY_MS + 60_000);
    expect(billing.invoices[0]).toMatchObject({ status: 'open', amountCents: 4900, currency: 'EUR' });
    // The checkout stays open: paying with a working card afterwards still works.
    expect((await pay(u.client, session)).status).toBe(303);

    // A new buyer with the declined test card: a failed payment on record, no account, no access.
    const email = uniqueEmail('declined');
    const c = t.client();
    const fresh = await startCheckout(c, email, 'monthly');
    const failedBefore = (await figures()).failedPayments30d;
    const no = await c.request(
      'POST',
      '/checkout/test',
      new URLSearchParams({
        session: fresh,
        cardNumber: '4000 0000 0000 0002',
        expiry: '12/34',
        cvc: '123',
        name: 'T',
      }).toString(),
      FORM,
    );
    expect(no.status).toBe(402);
    expect(no.body).toContain('Your card was declined. No payment was taken and no subscription was started.');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    expect((await figures()).failedPayments30d).toBe(failedBefore + 1);
    // A malformed card is refused before anything is recorded.
    const bad = await c.request(
      'POST',
      '/checkout/test',
      new URLSearchParams({
        session: fresh,
        cardNumber: '4242',
        expiry: '12/34',
        cvc: '123',
        outcome: 'fail',
      }).toString(),
      FORM,
    );
    expect(bad.status).toBe(400);
    expect((await figures()).failedPayments30d).toBe(failedBefore + 1);
  });
});
