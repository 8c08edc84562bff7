import { createInnerContext, sweepBilling } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  oneTestDbKind,
  signUp,
  signUpAdmin,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../harness';
import { open, type StreamReader } from '../live-reader';

// Changing plans in the local test mode (docs/features/billing.md): the product prorates as Stripe
// does, writes the change, its invoice or credit balance and the grant in one transaction, and the
// rooms follow. Figures below are worked out by hand from the prices and the period.

const DAY_MS = 24 * 60 * 60 * 1000;
const kinds = await testDbKinds();
const PRICES = { PLAN_MONTHLY_PRICE: '49', PLAN_YEARLY_PRICE: '490', PLAN_CURRENCY: 'eur' };

/** A whole second a little in the past: a proration date the change accepts. */
const moment = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 20_000);

/** The desk: a Gold room (US30), and plans beside the legacy Monthly (4900) and Yearly (49000). */
async function setUpDesk(admin: TestClient) {
  const room = await admin.post('/api/admin/rooms', { slug: 'gold', name: 'Gold room', instruments: ['US30'] });
  expect(room.status, JSON.stringify(room.body)).toBe(200);
  const recurring = (interval: string, intervalCount: number, amountCents: number, currency = 'eur') => ({
    terms: 'recurring',
    interval,
    intervalCount,
    amountCents,
    currency,
  });
  for (const plan of [
    { key: 'gold', name: 'Gold', rooms: ['main', 'gold'], ...recurring('month', 1, 9900) },
    { key: 'quarterly', name: 'Quarterly', rooms: ['main'], ...recurring('month', 3, 12000) },
    { key: 'gold-usd', name: 'Gold USD', rooms: ['main', 'gold'], ...recurring('month', 1, 9900, 'usd') },
    { key: 'trial-monthly', name: 'Trial monthly', rooms: ['main'], trialDays: 14, ...recurring('month', 1, 4900) },
    { key: 'old-gold', name: 'Old gold', rooms: ['gold'], ...recurring('month', 1, 8900) },
    {
      key: 'gold-pass',
      name: 'Gold pass',
      rooms: ['gold'],
      terms: 'pass',
      passDays: 30,
      amountCents: 2000,
      currency: 'eur',
    },
    { key: 'lifetime', name: 'Lifetime', rooms: ['main'], terms: 'lifetime', amountCents: 99900, currency: 'eur' },
  ]) {
    const res = await admin.post('/api/admin/plans', plan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect((await admin.post('/api/admin/plans/old-gold/archive', {})).status).toBe(200);
}

function helpers(t: () => TestApp) {
  const db = () => t().db.db;
  const userRow = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const subRow = (id: string) =>
    db().selectFrom('paymentSubscriptions').selectAll().where('subscriptionId', '=', id).executeTakeFirstOrThrow();
  const invoices = (id: string) =>
    db().selectFrom('billingInvoices').selectAll().where('subscriptionId', '=', id).orderBy('id').execute();
  const grants = (userId: number) =>
    db()
      .selectFrom('accessGrants as g')
      .innerJoin('plans as p', 'p.id', 'g.planId')
      .select(['p.key', 'g.source', 'g.endedAt', 'g.endsAt'])
      .where('g.userId', '=', userId)
      .orderBy('g.id')
      .execute();
  const rooms = async (email: string) => Object.keys((await userRow(email)).accessRooms as object).sort();

  /** A signed-in subscriber of `plan` through the test page (the same path as a paid checkout). */
  async function subscriber(plan = 'monthly', path = '/api/test/activate-subscription') {
    const u = await signUp(t(), uniqueEmail('chg'));
    const res = await t().client().post(path, { email: u.email, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await userRow(u.email);
    return { ...u, subId: row.stripeSubscriptionId! };
  }

  /** Puts the subscription's current period at `start`–`end` (as if it had begun earlier). */
  const setPeriod = (subId: string, start: Date, end: Date) =>
    db()
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where('subscriptionId', '=', subId)
      .execute();

  const ctx = () => createInnerContext({ db: db(), ports: t().app.ports, settings: appSettings(t().config) });
  return { userRow, subRow, invoices, grants, rooms, subscriber, setPeriod, ctx };
}

describe.each(kinds)('changing plans in the local test mode on %s', (kind) => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind, PRICES);
    await setUpDesk((await signUpAdmin(t)).client);
  });
  afterAll(async () => t?.close());

  it('upgrades Monthly to a dearer monthly plan mid-period: prorated, invoiced at once, the renewal date stays', async () => {
    const u = await h.subscriber('monthly');
    const at = moment();
    // 10 of 30 days used, 20 left: credit 4900 × 2/3 = 3266.67 → 3267; charge 9900 × 2/3 = 6600.
    const end = new Date(at.getTime() + 20 * DAY_MS);
    await h.setPeriod(u.subId, new Date(at.getTime() - 10 * DAY_MS), end);
    expect(await h.rooms(u.email)).toEqual(['main']);

    const res = await u.client.post('/api/billing/plan-change', { plan: 'gold', prorationDate: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.change).toEqual({
      from: { key: 'monthly', name: 'Monthly', label: '€49.00 / month' },
      to: { key: 'gold', name: 'Gold', label: '€99.00 / month' },
      kind: 'prorated',
      creditCents: 3267,
      chargeCents: 6600,
      totalCents: 3333,
      dueNowCents: 3333,
      creditBalanceCents: 0,
      currency: 'EUR',
      periodEnd: end.toISOString(),
      prorationDate: at.toISOString(),
      roomsGained: [{ slug: 'gold', name: 'Gold room' }],
      roomsLost: [],
    });
    expect(res.body.message).toBe(
      `You are now on Gold. €33.33 charged now. It renews on ${end.toISOString().slice(0, 10)} as before.`,
    );
    expect(res.body.summary).toMatchObject({
      status: 'active',
      subscriptionPlan: { key: 'gold', name: 'Gold', label: '€99.00 / month' },
      currentPeriodEnd: end.toISOString(),
      canChangePlan: true,
      creditBalance: null,
    });
    expect(res.body.summary.invoices[0]).toMatchObject({
      amountCents: 3333,
      creditCents: 0,
      currency: 'EUR',
      status: 'paid',
      description: 'Plan change: Monthly → Gold',
    });
    // The grant followed: the old one ended, one of Gold runs, and the rooms are Gold's.
    expect(await h.rooms(u.email)).toEqual(['gold', 'main']);
    const grants = await h.grants(u.id);
    expect(grants.map((g) => [g.key, g.source, g.endedAt === null])).toEqual([
      ['monthly', 'subscription', false],
      ['gold', 'subscription', true],
    ]);
    expect(await h.subRow(u.subId)).toMatchObject({ plan: 'gold', creditBalanceCents: 0, currentPeriodEnd: end });
    // The renewal bills Gold's price.
    await h.setPeriod(u.subId, new Date(Date.now() - 30 * DAY_MS), new Date(Date.now() - 1000));
    await sweepBilling(h.ctx());
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({ amountCents: 9900, creditCents: 0 });
  });

  it('previews what the change then costs: the preview and the change agree at its proration date', async () => {
    const u = await h.subscriber('monthly');
    const now = Date.now();
    await h.setPeriod(u.subId, new Date(now - 7 * DAY_MS), new Date(now + 23 * DAY_MS));
    const preview = await u.client.get('/api/billing/plan-change?plan=gold');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'prorated', currency: 'EUR', roomsGained: [{ slug: 'gold' }] });
    // About 23 of 30 days left: credit ≈ 3757, charge ≈ 7590 (the exact figures are the change's).
    expect(Math.abs(preview.body.creditCents - 3757)).toBeLessThanOrEqual(2);
    expect(Math.abs(preview.body.chargeCents - 7590)).toBeLessThanOrEqual(2);
    expect(preview.body.totalCents).toBe(preview.body.chargeCents - preview.body.creditCents);
    // Time passes between the preview and the click: the change still costs what the preview said.
    await new Promise((r) => setTimeout(r, 1100));
    const done = await u.client.post('/api/billing/plan-change', {
      plan: 'gold',
      prorationDate: preview.body.prorationDate,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.change).toEqual({ ...preview.body, from: done.body.change.from });
    expect(done.body.change.from.key).toBe('monthly');
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({ amountCents: preview.body.dueNowCents });
    // Nothing left to preview to the same plan.
    const same = await u.client.get('/api/billing/plan-change?plan=gold');
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual([expect.objectContaining({ path: 'plan' })]);
  });

  it('downgrades Gold to Monthly: the credit is a balance the next renewal takes off; the Gold room goes', async () => {
    const u = await h.subscriber('gold');
    expect(await h.rooms(u.email)).toEqual(['gold', 'main']);
    const at = moment();
    const end = new Date(at.getTime() + 15 * DAY_MS);
    await h.setPeriod(u.subId, new Date(at.getTime() - 15 * DAY_MS), end);
    // Half the period left: credit 9900 / 2 = 4950, charge 4900 / 2 = 2450, total −2500.
    const res = await u.client.post('/api/billing/plan-change', { plan: 'monthly', prorationDate: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.change).toMatchObject({
      kind: 'prorated',
      creditCents: 4950,
      chargeCents: 2450,
      totalCents: -2500,
      dueNowCents: 0,
      creditBalanceCents: 2500,
      roomsGained: [],
      roomsLost: [{ slug: 'gold', name: 'Gold room' }],
    });
    expect(res.body.message).toContain('Nothing is charged now. €25.00 of credit comes off your next invoice.');
    expect(res.body.summary.creditBalance).toEqual({ amountCents: 2500, currency: 'EUR' });
    expect(res.body.summary.invoices[0]).toMatchObject({
      amountCents: 0,
      description: 'Plan change: Gold → Monthly (credit €25.00)',
    });
    expect(await h.rooms(u.email)).toEqual(['main']);

    // The period ends: the renewal is Monthly's 4900 less the 2500 credit.
    await h.setPeriod(u.subId, new Date(at.getTime() - 30 * DAY_MS), new Date(Date.now() - 1000));
    const report = await sweepBilling(h.ctx());
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({ amountCents: 2400, creditCents: 2500, currency: 'EUR' });
    expect(await h.subRow(u.subId)).toMatchObject({ creditBalanceCents: 0 });
    const summary = (await u.client.get('/api/billing')).body;
    expect(summary.creditBalance).toBeNull();
    expect(summary.invoices[0]).toMatchObject({ amountCents: 2400, creditCents: 2500, description: null });
  });

  it('cross-grades Monthly to Yearly: a new period starts now, the unused month is taken off the year', async () => {
    const u = await h.subscriber('monthly');
    const at = moment();
    await h.setPeriod(u.subId, new Date(at.getTime() - 15 * DAY_MS), new Date(at.getTime() + 15 * DAY_MS));
    const res = await u.client.post('/api/billing/plan-change', { plan: 'yearly', prorationDate: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Credit 4900 / 2 = 2450; the whole year 49000 charged: 46550 now.
    const yearOn = new Date(at);
    yearOn.setUTCFullYear(yearOn.getUTCFullYear() + 1);
    expect(res.body.change).toMatchObject({
      kind: 'new_period',
      creditCents: 2450,
      chargeCents: 49000,
      totalCents: 46550,
      dueNowCents: 46550,
      creditBalanceCents: 0,
      periodEnd: yearOn.toISOString(),
    });
    expect(res.body.message).toContain(`A new period started; it renews on ${yearOn.toISOString().slice(0, 10)}.`);
    expect(res.body.summary).toMatchObject({
      plan: 'yearly',
      price: { label: '€490.00 / year' },
      subscriptionPlan: { key: 'yearly', label: '€490.00 / year' },
      currentPeriodEnd: yearOn.toISOString(),
    });
    expect(await h.subRow(u.subId)).toMatchObject({ currentPeriodStart: at, currentPeriodEnd: yearOn });
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({
      amountCents: 46550,
      periodStart: at,
      periodEnd: yearOn,
    });
  });

  it('Quarterly to Monthly and back: each starts a new period; the credit left pays part of the next change', async () => {
    const u = await h.subscriber('quarterly');
    // The first invoice is the quarter's own price.
    expect((await h.invoices(u.subId))[0]).toMatchObject({ amountCents: 12000 });
    let at = moment();
    // 45 of 90 days left: credit 12000 / 2 = 6000; Monthly's 4900 charged whole: −1100, a credit.
    await h.setPeriod(u.subId, new Date(at.getTime() - 45 * DAY_MS), new Date(at.getTime() + 45 * DAY_MS));
    const down = await u.client.post('/api/billing/plan-change', { plan: 'monthly', prorationDate: at.toISOString() });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const monthOn = new Date(at);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(down.body.change).toMatchObject({
      kind: 'new_period',
      creditCents: 6000,
      chargeCents: 4900,
      totalCents: -1100,
      dueNowCents: 0,
      creditBalanceCents: 1100,
    });
    if (monthOn.getUTCDate() === at.getUTCDate()) expect(down.body.change.periodEnd).toBe(monthOn.toISOString());

    // Back to the quarter, 10 of 30 days into the month: credit 4900 × 2/3 → 3267; the quarter's
    // 12000 charged: 8733, of which the 1100 credit pays part: 7633 now.
    at = moment();
    await h.setPeriod(u.subId, new Date(at.getTime() - 10 * DAY_MS), new Date(at.getTime() + 20 * DAY_MS));
    const up = await u.client.post('/api/billing/plan-change', { plan: 'quarterly', prorationDate: at.toISOString() });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.change).toMatchObject({
      kind: 'new_period',
      creditCents: 3267,
      chargeCents: 12000,
      totalCents: 8733,
      dueNowCents: 7633,
      creditBalanceCents: 0,
    });
    const quarterOn = new Date(at);
    quarterOn.setUTCMonth(quarterOn.getUTCMonth() + 3);
    if (quarterOn.getUTCDate() === at.getUTCDate()) expect(up.body.change.periodEnd).toBe(quarterOn.toISOString());
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({ amountCents: 7633, creditCents: 1100 });
    expect(await h.subRow(u.subId)).toMatchObject({ plan: 'quarterly', creditBalanceCents: 0 });
  });

  it('changes a trialing subscription without proration: the trial continues on the new plan, then bills it', async () => {
    const u = await h.subscriber('trial-monthly', '/api/test/checkout-success');
    const before = await h.subRow(u.subId);
    expect(before).toMatchObject({ status: 'trialing' });
    const invoicesBefore = (await h.invoices(u.subId)).length;
    const preview = await u.client.get('/api/billing/plan-change?plan=gold');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'trial',
      creditCents: 0,
      chargeCents: 0,
      totalCents: 0,
      dueNowCents: 0,
      periodEnd: before.trialEnd!.toISOString(),
    });
    const res = await u.client.post('/api/billing/plan-change', { plan: 'gold' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(
      `You are now on Gold. Your free trial continues until ${before.trialEnd!.toISOString().slice(0, 10)}; then Gold is billed.`,
    );
    expect(res.body.summary).toMatchObject({ status: 'trialing', trialEnd: before.trialEnd!.toISOString() });
    expect(await h.invoices(u.subId)).toHaveLength(invoicesBefore);
    expect(await h.subRow(u.subId)).toMatchObject({ plan: 'gold', status: 'trialing', trialEnd: before.trialEnd });
    expect(await h.rooms(u.email)).toEqual(['gold', 'main']);
    // Three days before the trial ends, the reminder names Gold's price.
    await sweepBilling(h.ctx(), new Date(before.trialEnd!.getTime() - 2 * DAY_MS));
    const reminder = t.mailed().filter((m) => m.to === u.email && /free trial ends/.test(m.subject));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.text).toContain('your card is charged €99.00');
    // The trial ends: the first paid invoice is Gold's.
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodEnd: new Date(Date.now() - 1000), trialEnd: new Date(Date.now() - 1000) })
      .where('subscriptionId', '=', u.subId)
      .execute();
    expect((await sweepBilling(h.ctx())).trialsConverted).toBeGreaterThanOrEqual(1);
    expect((await h.invoices(u.subId)).at(-1)).toMatchObject({ amountCents: 9900 });
    expect(await h.subRow(u.subId)).toMatchObject({ status: 'active', plan: 'gold' });
  });

  it("writes the trial's reminder in the subscriber's language, the price as written everywhere", async () => {
    const u = await h.subscriber('trial-monthly', '/api/test/checkout-success');
    const row = await h.subRow(u.subId);
    expect(row).toMatchObject({ status: 'trialing' });
    expect((await u.client.put('/api/user/preferences', { language: 'pt-BR' })).status).toBe(200);
    await sweepBilling(h.ctx(), new Date(row.trialEnd!.getTime() - 2 * DAY_MS));
    const reminder = t.mailed().filter((m) => m.to === u.email && m.kind === 'trial_ending');
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.subject).toBe('T0 Terminal: seu teste gratuito termina em três dias');
    const when = `${row.trialEnd!.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(reminder[0]!.text).toContain(`Seu teste gratuito do T0 Terminal termina em ${when}.`);
    expect(reminder[0]!.text).toMatch(/seu cartão é cobrado em €\d+\.\d{2}, a menos que você cancele antes/);
    expect(reminder[0]!.text).not.toMatch(/free trial|your card/);
  });
});

describe.each(await oneTestDbKind())('what a plan change refuses, and cancelling one plan, on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind, PRICES);
    admin = (await signUpAdmin(t)).client;
    await setUpDesk(admin);
  });
  afterAll(async () => t?.close());

  it('refuses without a session, without a running subscription, and plans that are not change targets', async () => {
    expect((await t.client().get('/api/billing/plan-change?plan=gold')).status).toBe(401);
    expect((await t.client().post('/api/billing/plan-change', { plan: 'gold' })).status).toBe(401);
    const nobody = await signUp(t);
    const none = await nobody.client.post('/api/billing/plan-change', { plan: 'gold' });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no running subscription/);
    expect((await nobody.client.get('/api/billing')).body.canChangePlan).toBe(false);

    const u = await h.subscriber('monthly');
    expect((await u.client.get('/api/billing')).body.canChangePlan).toBe(true);
    const refused = async (body: object, status: number, field?: string) => {
      const res = await u.client.post('/api/billing/plan-change', body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual([field]);
      return res.body.message as string;
    };
    expect(await refused({}, 400, 'plan')).toBe('plan is required');
    expect(await refused({ plan: 'monthly' }, 400, 'plan')).toBe('plan: you are on Monthly already');
    expect(await refused({ plan: 'no-such-plan' }, 400, 'plan')).toBe('plan: no plan has the key no-such-plan');
    expect(await refused({ plan: 'old-gold' }, 400, 'plan')).toBe('plan: Old gold takes no new subscribers');
    expect(await refused({ plan: 'gold-pass' }, 400, 'plan')).toMatch(/^plan: Gold pass is not a recurring plan/);
    expect(await refused({ plan: 'lifetime' }, 400, 'plan')).toMatch(/^plan: Lifetime is not a recurring plan/);
    expect(await refused({ plan: 'gold-usd' }, 409)).toBe('plan: Gold USD is priced in USD, your subscription in EUR');
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    expect(await refused({ plan: 'gold', prorationDate: stale }, 400, 'prorationDate')).toMatch(/preview/);
    expect(await refused({ plan: 'gold', prorationDate: 'yesterday' }, 400, 'prorationDate')).toMatch(/prorationDate/);
    // The preview refuses the same way.
    expect((await u.client.get('/api/billing/plan-change?plan=gold-pass')).status).toBe(400);
    expect((await u.client.get('/api/billing/plan-change?plan=gold-usd')).status).toBe(409);
    // Nothing changed.
    expect(await h.subRow(u.subId)).toMatchObject({ plan: 'monthly' });
    expect(await h.invoices(u.subId)).toHaveLength(1);

    // A subscription set to end is resumed first.
    expect((await u.client.post('/api/billing/cancel', { reason: 'Too expensive' })).status).toBe(200);
    expect((await u.client.get('/api/billing')).body.canChangePlan).toBe(false);
    expect(await refused({ plan: 'gold' }, 409)).toMatch(/resume it before changing plan/);
  });

  it('cancelling ends only the subscription’s rooms: a pass, lifetime and free days keep running', async () => {
    const u = await h.subscriber('monthly');
    // Beside the subscription: a Gold pass, lifetime (on a plan of the main room) and free days.
    for (const plan of ['gold-pass', 'lifetime'])
      expect((await t.client().post('/api/test/activate-subscription', { email: u.email, plan })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${u.id}/grant-days`, { days: 10 })).status).toBe(200);
    expect(await h.rooms(u.email)).toEqual(['gold', 'main']);

    expect((await u.client.post('/api/billing/cancel', { reason: 'Only need the pass' })).status).toBe(200);
    await h.setPeriod(u.subId, new Date(Date.now() - 30 * DAY_MS), new Date(Date.now() - 1000));
    expect((await sweepBilling(h.ctx())).periodsEnded).toBeGreaterThanOrEqual(1);

    const grants = await h.grants(u.id);
    const running = grants.filter((g) => g.endedAt === null).map((g) => [g.key, g.source]);
    expect(running).toEqual([
      ['gold-pass', 'pass'],
      ['lifetime', 'lifetime'],
      ['monthly', 'free_days'],
    ]);
    expect(grants.find((g) => g.source === 'subscription')?.endedAt).toBeInstanceOf(Date);
    expect(await h.userRow(u.email)).toMatchObject({ subscriptionStatus: 'canceled', hasActiveSubscription: true });
    expect((await u.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });
    expect(await h.rooms(u.email)).toEqual(['gold', 'main']);
  });
});

describe('a downgrade on an open stream', () => {
  let t: TestApp;
  let admin: TestClient;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await startTestApp('pg', PRICES);
    admin = (await signUpAdmin(t)).client;
    await setUpDesk(admin);
  });
  afterAll(async () => t?.close());

  it("takes an open Gold signal's levels off the subscriber's stream within 2 s", async () => {
    const u = await h.subscriber('gold');
    const r: StreamReader = await open(t, u.client);
    const signal = await admin.post('/api/signals', {
      instrument: 'US30',
      direction: 'long',
      entryPrice: 41234.5,
      slPrice: 41100,
      t0Price: 41345,
      t1Price: 41456,
      monthlyBias: 'Bullish',
      memo: 'Gold room breakout',
    });
    expect(signal.status, JSON.stringify(signal.body)).toBe(200);
    expect(signal.body.room).toBe('gold');
    const id = signal.body.id as number;
    await vi.waitFor(
      () => expect(r.of('signal.created').find((f) => f.data.id === id)?.data).toMatchObject({ locked: false }),
      { timeout: 2000, interval: 20 },
    );
    expect(r.of('signal.created').find((f) => f.data.id === id)!.data.memo).toBe('Gold room breakout');

    const res = await u.client.post('/api/billing/plan-change', { plan: 'monthly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changedAt = Date.now();
    await vi.waitFor(
      () => expect(Object.keys(r.of('account.changed').at(-1)?.data.access ?? { gold: 1 })).toEqual(['main']),
      { timeout: 2000, interval: 20 },
    );
    expect(r.of('account.changed').at(-1)!.at - changedAt).toBeLessThan(2000);
    expect(r.of('account.changed').at(-1)!.data.hasActiveSubscription).toBe(true);

    // The signal moves on: the stream hears nothing of it now; the list shows it locked.
    expect((await admin.put(`/api/signals/${id}`, { memo: 'Stop moved' })).status).toBe(200);
    const marker = `after-downgrade-${Date.now()}`;
    await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: marker })})`.execute(
      t.db.db,
    );
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain(marker), {
      timeout: 2000,
    });
    expect(r.of('signal.updated').filter((f) => f.data.id === id)).toEqual([]);
    const list = (await u.client.get('/api/signals')).body as { id: number; locked: boolean; entryPrice: unknown }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ locked: true, entryPrice: null });
    r.close();
  });
});
