import { createInnerContext, sweepBilling } from '@t0/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  oneTestDbKind,
  signUp,
  signUpAdmin,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  VALID_SIGNAL,
  type TestApp,
  type TestClient,
} from '../harness';
import { open, type StreamReader } from '../live-reader';
import { setUpDesk } from '../desk-plans';

// Buying any plan in the local test mode: the public list, a quarterly subscription that renews by
// its count, a 30-day pass that ends on time (and the stream loses the room), lifetime that never
// ends, the free teaser joined without any payment provider, the legacy checkout body, and every
// refusal naming `plan`. Stripe's side of the same is buy-plans-stripe.int.test.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const card = (session: string) =>
  new URLSearchParams({
    session,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Buyer',
  }).toString();

/** A 400 naming `plan`. */
function namesPlan(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual(['plan']);
}

const kinds = await testDbKinds();

describe.each(kinds)('buying any plan in the local test mode on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_YEARLY_PRICE: '490' });
    admin = (await signUpAdmin(t)).client;
    await setUpDesk(admin);
  });
  afterAll(async () => t?.close());

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

  /** Starts a checkout as `client` and answers its session and the page's HTML. */
  async function checkout(client: TestClient, email: string, plan?: string) {
    const res = await client.post('/api/create-checkout-session', plan === undefined ? { email } : { email, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.url as string);
    const session = url.searchParams.get('session')!;
    const page = await client.get(url.pathname + url.search);
    expect(page.status).toBe(200);
    return { session, page: page.body as string };
  }
  async function pay(client: TestClient, session: string) {
    const res = await client.request('POST', '/checkout/test', card(session), FORM);
    expect(res.status, String(res.body).slice(0, 400)).toBe(303);
  }

  it('lists the listed plans in order with their rooms, prices and trial; an offer is read by its key', async () => {
    const res = await t.client().get('/api/plans');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.source).toBe('settings');
    expect(res.body.testMode).toBe(true);
    const plans = res.body.plans as any[];
    expect(plans.map((p) => p.key)).toEqual(['monthly', 'yearly', 'quarterly', 'pass-30', 'lifetime', 'teaser']);
    const byKey = Object.fromEntries(plans.map((p) => [p.key, p]));
    // The earlier answer's fields stay: plan, amountCents, currency, interval, label.
    expect(byKey.monthly).toMatchObject({
      plan: 'monthly',
      amountCents: 4900,
      currency: 'USD',
      interval: 'month',
      label: '$49.00 / month',
      isDefault: true,
      rooms: [{ slug: 'main', name: 'Signals' }],
    });
    expect(byKey.yearly).toMatchObject({ interval: 'year', label: '$490.00 / year' });
    expect(byKey.quarterly).toEqual({
      key: 'quarterly',
      plan: 'quarterly',
      name: 'Quarterly',
      description: 'Every room, billed every three months.',
      terms: 'recurring',
      interval: 'month',
      intervalCount: 3,
      passDays: null,
      rooms: [
        { slug: 'main', name: 'Signals' },
        { slug: 'gold', name: 'Gold room' },
      ],
      price: { amountCents: 12900, currency: 'USD', label: '$129.00 / 3 months' },
      amountCents: 12900,
      currency: 'USD',
      label: '$129.00 / 3 months',
      trialDays: 0,
      isDefault: false,
    });
    expect(byKey['pass-30']).toMatchObject({
      terms: 'pass',
      passDays: 30,
      interval: null,
      label: '$19.00 once · 30 days',
    });
    expect(byKey.lifetime).toMatchObject({ terms: 'lifetime', label: '$299.00 once · lifetime', trialDays: 0 });
    expect(byKey.teaser).toMatchObject({
      terms: 'free',
      price: { amountCents: 0, currency: 'USD', label: 'Free' },
      rooms: [{ slug: 'teaser', name: 'Teaser room' }],
    });
    expect(plans.every((p) => !('stripePriceId' in p) && !('holders' in p))).toBe(true);

    const offer = await t.client().get('/api/plans/spring-offer');
    expect(offer.status).toBe(200);
    expect(offer.body).toMatchObject({ key: 'spring-offer', label: '$29.00 / month', trialDays: 5 });
    expect((await t.client().get('/api/plans/old-pass')).status).toBe(404);
    expect((await t.client().get('/api/plans/nowhere')).status).toBe(404);
    // The separate catalogue path is folded into GET /api/plans.
    expect((await t.client().get('/api/plans/catalogue')).status).toBe(404);
  });

  it('still takes {email, plan: monthly} and a body without a plan: the default plan', async () => {
    for (const body of [{ plan: 'monthly' }, {}]) {
      const email = uniqueEmail('legacy');
      const res = await t.client().post('/api/create-checkout-session', { email, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pending = await t.db.db
        .selectFrom('pendingPayments')
        .select('plan')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(pending.plan).toBe('monthly');
    }
  });

  it('refuses an unknown or archived plan, and the free plan, at checkout: 400 naming plan, nothing started', async () => {
    const email = uniqueEmail('refused');
    for (const plan of ['weekly', 'old-pass', 'teaser', 'Not A Key!']) {
      namesPlan(await t.client().post('/api/create-checkout-session', { email, plan }));
    }
    const teaser = await t.client().post('/api/create-checkout-session', { email, plan: 'teaser' });
    expect(teaser.body.message).toMatch(/no checkout is needed/);
    expect(await t.db.db.selectFrom('pendingPayments').select('id').where('email', '=', email).execute()).toHaveLength(
      0,
    );
  });

  it('sells a quarterly plan: three months per period, its price, its rooms; the grant follows the subscription', async () => {
    const u = await signUp(t);
    const { session, page } = await checkout(u.client, u.email, 'quarterly');
    expect(page).toContain('<dd data-testid="checkout-plan" class="trial">Quarterly</dd>');
    expect(page).toContain('Quarterly · every 3 months, renews until cancelled');
    expect(page).toContain('<dd data-testid="checkout-price" class="trial">$129.00 / 3 months</dd>');
    expect(page).toContain('Signals, Gold room');
    const before = Date.now();
    await pay(u.client, session);

    const row = await userRow(u.email);
    expect(row.hasActiveSubscription).toBe(true);
    expect(Object.keys(row.accessRooms as object).sort()).toEqual(['gold', 'main']);
    const sub = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', row.stripeSubscriptionId!)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ plan: 'quarterly', status: 'active', provider: 'local' });
    const end = sub.currentPeriodEnd!;
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(Math.abs(end.getTime() - expected.getTime())).toBeLessThan(3 * DAY_MS);
    const invoices = () =>
      t.db.db
        .selectFrom('billingInvoices')
        .select(['amountCents', 'currency', 'periodEnd'])
        .where('subscriptionId', '=', sub.subscriptionId)
        .orderBy('id')
        .execute();
    expect(await invoices()).toMatchObject([{ amountCents: 12900, currency: 'USD' }]);
    expect(await grantsOf(u.id)).toMatchObject([
      { plan: 'quarterly', source: 'subscription', sourceRef: sub.subscriptionId, endsAt: null, endedAt: null },
    ]);
    expect((await u.client.get('/api/billing')).body).toMatchObject({ provider: 'local', status: 'active' });

    // The renewal is three months on, at the plan's price.
    const renewed = await sweepBilling(ctx(), new Date(end.getTime() + 60_000));
    expect(renewed.renewed).toBeGreaterThanOrEqual(1);
    const next = (await invoices()).at(-1)!;
    expect(next.amountCents).toBe(12900);
    const months =
      (next.periodEnd.getUTCFullYear() - end.getUTCFullYear()) * 12 + next.periodEnd.getUTCMonth() - end.getUTCMonth();
    expect(months).toBe(3);

    // A second subscription is refused: the plan is changed in Billing. The test mode's own page may
    // be opened again for the plan held (a renewal payment), and a pass may still be bought; a
    // declined pass leaves the subscription as it was.
    const again = await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'monthly' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/change plan in Billing/);
    expect((await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'spring-offer' })).status).toBe(
      409,
    );
    expect((await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'quarterly' })).status).toBe(
      200,
    );
    const pass = await checkout(u.client, u.email, 'pass-30');
    const declined = await u.client.request('POST', '/checkout/test', `${card(pass.session)}&outcome=fail`, FORM);
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('No payment was taken');
    expect(await userRow(u.email)).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });

    // Cancelled, the grant ends with the subscription at its period's end.
    expect((await u.client.post('/api/billing/cancel', { reason: 'Too many signals' })).status).toBe(200);
    const periodEnd = (
      await t.db.db
        .selectFrom('paymentSubscriptions')
        .select('currentPeriodEnd')
        .where('subscriptionId', '=', sub.subscriptionId)
        .executeTakeFirstOrThrow()
    ).currentPeriodEnd!;
    await sweepBilling(ctx(), new Date(periodEnd.getTime() + 60_000));
    expect(await userRow(u.email)).toMatchObject({ hasActiveSubscription: false, accessRooms: {} });
    expect((await grantsOf(u.id))[0]!.endedAt).toBeInstanceOf(Date);
  });

  it('takes the trial from the plan, else the site setting for its interval, once per person', async () => {
    const email = uniqueEmail('trial');
    await checkout(t.client(), email, 'spring-offer');
    await checkout(t.client(), email, 'quarterly');
    const pending = await t.db.db
      .selectFrom('pendingPayments')
      .select(['plan', 'trialDays'])
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(pending).toEqual([
      { plan: 'spring-offer', trialDays: 5 },
      { plan: 'quarterly', trialDays: 0 },
    ]);
    const { session, page } = await checkout(t.client(), email, 'spring-offer');
    expect(page).toContain('START FREE TRIAL (TEST)');
    await pay(t.client(), session);
    const row = await userRow(email);
    expect(row.subscriptionStatus).toBe('trialing');
    // Had a trial: none again, whatever the plan offers.
    await t.client().post('/api/test/deactivate-subscription', { email });
    await checkout(t.client(), email, 'spring-offer');
    const last = await t.db.db
      .selectFrom('pendingPayments')
      .select('trialDays')
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.trialDays).toBe(0);
  });

  it('sells a 30-day pass that ends on time (a second pass adds its days) and the stream loses the room', async () => {
    const email = uniqueEmail('pass');
    const { session, page } = await checkout(t.client(), email, 'pass-30');
    expect(page).toContain('$19.00 once · 30 days');
    expect(page).toContain('Pass · 30 days of access from the payment, no renewal');
    expect(page).toContain('PAY ONCE AND ACTIVATE (TEST)');
    expect(page).not.toContain('Promotion code');
    const paidAt = Date.now();
    await pay(t.client(), session);

    // The account is made and welcomed, as after a subscription.
    const row = await userRow(email);
    expect(row.hasActiveSubscription).toBe(true);
    expect(t.mailed().filter((m) => m.kind === 'welcome' && m.to === email)).toHaveLength(1);
    let grants = await grantsOf(row.id);
    expect(grants).toMatchObject([{ plan: 'pass-30', source: 'pass', endedAt: null }]);
    const firstEnd = grants[0]!.endsAt!.getTime();
    expect(Math.abs(firstEnd - (paidAt + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(Object.keys(row.accessRooms as object)).toEqual(['gold']);
    expect(row.stripeSubscriptionId).toBeNull();

    // A second pass of the same plan extends the running one by its days (one grant).
    const second = await checkout(t.client(), email, 'pass-30');
    await pay(t.client(), second.session);
    grants = await grantsOf(row.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.endsAt!.getTime()).toBe(firstEnd + 30 * DAY_MS);
    expect(t.mailed().filter((m) => m.kind === 'welcome' && m.to === email)).toHaveLength(1);

    // The buyer sets a password and watches the stream: a gold signal comes whole while the pass runs.
    const login = t.client();
    const reset = t
      .mailed()
      .filter((m) => m.to === email)
      .map((m) => /reset-password\?token=([0-9a-f]{64})/.exec(m.text)?.[1])
      .find(Boolean)!;
    expect(
      (await login.post('/api/auth/reset-password', { token: reset, email, newPassword: 'Str0ng!Pass' })).status,
    ).toBe(200);
    expect((await login.post('/api/auth/login', { email, password: 'Str0ng!Pass' })).status).toBe(200);
    const stream = await open(t, login);
    const held = await publish();
    await vi.waitFor(() => expect(signalFrame(stream, held)).toMatchObject({ locked: false }), { timeout: 5000 });

    // The sweep just before the end changes nothing; just after, the grant ends and the stream loses the room.
    await sweepBilling(ctx(), new Date(firstEnd + 30 * DAY_MS - 60_000));
    expect((await userRow(email)).hasActiveSubscription).toBe(true);
    const report = await sweepBilling(ctx(), new Date(firstEnd + 30 * DAY_MS + 60_000));
    expect(report.grantsEnded).toBeGreaterThanOrEqual(1);
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: false, accessRooms: {} });
    expect((await grantsOf(row.id))[0]!.endedAt!.getTime()).toBe(firstEnd + 30 * DAY_MS);
    await vi.waitFor(
      () =>
        expect(stream.of('account.changed').at(-1)?.data).toMatchObject({ hasActiveSubscription: false, access: {} }),
      { timeout: 5000, interval: 20 },
    );
    const after = await publish();
    await heardNothingOf(stream, after);
    stream.close();
  });

  it('joins the free teaser plan once, for a signed-in user only; a paid plan cannot be joined', async () => {
    const u = await signUp(t);
    expect((await t.client().post('/api/plans/teaser/join', {})).status).toBe(401);
    const joined = await u.client.post('/api/plans/teaser/join', {});
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({
      joined: true,
      message: 'You joined Teaser.',
      user: { email: u.email, hasActiveSubscription: true },
    });
    expect(Object.keys(joined.body.user.access)).toEqual(['teaser']);
    const again = await u.client.post('/api/plans/teaser/join', {});
    expect(again.body).toMatchObject({ joined: false, message: 'You hold Teaser already.' });
    expect(await grantsOf(u.id)).toMatchObject([{ plan: 'teaser', source: 'free', endsAt: null, endedAt: null }]);
    namesPlan(await u.client.post('/api/plans/quarterly/join', {}));
    namesPlan(await u.client.post('/api/plans/nowhere/join', {}));
  });

  it('sells lifetime: a grant that never ends, whatever the sweep', async () => {
    const email = uniqueEmail('lifetime');
    const { session, page } = await checkout(t.client(), email, 'lifetime');
    expect(page).toContain('$299.00 once · lifetime');
    expect(page).toContain('Lifetime access, paid once');
    await pay(t.client(), session);
    const row = await userRow(email);
    expect(await grantsOf(row.id)).toMatchObject([
      { plan: 'lifetime', source: 'lifetime', endsAt: null, endedAt: null },
    ]);
    await sweepBilling(ctx(), new Date(Date.now() + 50 * 365 * DAY_MS));
    const after = await userRow(email);
    expect(after.hasActiveSubscription).toBe(true);
    expect(Object.keys(after.accessRooms as object).sort()).toEqual(['gold', 'main']);
    expect((await grantsOf(row.id))[0]!.endedAt).toBeNull();
  });

  async function publish(): Promise<number> {
    t.pinAtEntry(VALID_SIGNAL);
    const res = await admin.post('/api/signals', VALID_SIGNAL);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.room).toBe('gold');
    return res.body.id as number;
  }

  function signalFrame(r: StreamReader, id: number) {
    const frame = r.of('signal.created').find((f) => f.data.id === id);
    if (!frame) throw new Error(`no frame of signal ${id} yet`);
    return frame.data;
  }

  /** The stream said nothing of signal `id`: a marker written after it arrived, the signal did not. */
  async function heardNothingOf(r: StreamReader, id: number) {
    const kind = `marker-${id}`;
    await t.db.db
      .insertInto('events')
      .values({ type: 'content.changed', audience: 'all', payload: JSON.stringify({ kind }) })
      .execute();
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain(kind), {
      timeout: 5000,
      interval: 20,
    });
    expect(r.of('signal.created').some((f) => f.data.id === id)).toBe(false);
  }
});

describe.each(await oneTestDbKind())('the free plan without any payment provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { LOCAL_CHECKOUT: 'false' });
    await setUpDesk((await signUpAdmin(t)).client);
  });
  afterAll(async () => t?.close());

  it('joins the teaser plan while checkout says payments are not configured', async () => {
    expect(t.app.ports.payments.mode).toBe('none');
    const u = await signUp(t);
    const joined = await u.client.post('/api/plans/teaser/join', {});
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.user.access).toEqual({ teaser: null });
    expect((await u.client.get('/api/auth/user')).body).toMatchObject({ hasActiveSubscription: true });

    const paid = await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'quarterly' });
    expect(paid.status).toBe(503);
    expect(paid.body.message).toBe('Payments are not configured');
    namesPlan(await u.client.post('/api/create-checkout-session', { email: u.email, plan: 'teaser' }));
    // The plans are listed all the same (the teaser to join, the others to see).
    const listed = await t.client().get('/api/plans');
    expect(listed.body).toMatchObject({ source: 'settings', testMode: false });
    expect((listed.body.plans as { key: string }[]).map((p) => p.key)).toContain('teaser');
  });
});
