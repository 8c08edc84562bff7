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
import { startSmtpServer, type FakeSmtp } from '../smtp';
import { newStripeId as newId, stripeEvent, stripePriceBody } from '../fakes/stripe-event';

// Free trials and promotion codes (docs/features/billing.md), in the local test mode and with Stripe (its API answered
// by msw, its webhooks signed as Stripe signs them). HTTP through the product; one database.
const kinds = await oneTestDbKind();
const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const payForm = (session: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    session,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Trial Buyer',
    ...extra,
  }).toString();

async function setTrialDays(admin: TestClient, days: { monthly: number; yearly: number }) {
  const current = (await admin.get('/api/admin/site-settings')).body as Record<string, unknown>;
  const { updatedAt: _u, defaultSupportEmail: _d, ...edit } = current;
  const saved = await admin.request('PUT', '/api/admin/site-settings', { ...edit, trialDays: days });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** The default room's paid Telegram chat, as a desk sets it in ROOMS & PLANS: an access change queues its follow-up. */
async function withPaidChat(t: TestApp) {
  await t.db.db.updateTable('rooms').set({ telegramChatId: '-1001000000001' }).where('isDefault', '=', true).execute();
}

describe.each(kinds)('trials and promotion codes in the local test mode on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: TestClient;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PLAN_MONTHLY_PRICE: '50',
      // The yearly plan is bought too (a code limited to the monthly plan is refused there): a plan without a price cannot be checked out.
      PLAN_YEARLY_PRICE: '490',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    await setTrialDays(admin, { monthly: 14, yearly: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const sweepAt = (at: Date) => sweepBilling(ctx(), at);
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const subOf = async (email: string) => {
    const user = await userRow(email);
    return t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', user.stripeSubscriptionId!)
      .executeTakeFirstOrThrow();
  };
  const invoicesOf = (subscriptionId: string) =>
    t.db.db
      .selectFrom('billingInvoices')
      .selectAll()
      .where('subscriptionId', '=', subscriptionId)
      .orderBy('id')
      .execute();
  const remindersTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && /free trial ends/.test(m.subject));

  async function startCheckout(client: TestClient, email: string, plan = 'monthly') {
    const res = await client.post('/api/create-checkout-session', { email, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.url as string);
    return { path: url.pathname + url.search, session: url.searchParams.get('session')! };
  }

  async function createCode(body: Record<string, unknown>) {
    const res = await admin.post('/api/admin/promotion-codes', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; code: string; label: string };
  }

  it('creates local codes from the console, refusing bad input naming the field', async () => {
    const created = await createCode({ code: 'launch20', percentOff: 20 });
    expect(created).toMatchObject({ code: 'LAUNCH20', label: '20% off' });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'adminPromotions.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'promotion-code', targetId: created.id });
    expect(audit[0]!.after).toMatchObject({ percentOff: 20 });

    for (const [body, field] of [
      [{ code: 'x', percentOff: 10 }, 'code'],
      [{ code: 'BOTH', percentOff: 10, amountOffCents: 500, currency: 'USD' }, 'percentOff'],
      [{ code: 'NEITHER' }, 'percentOff'],
      [{ code: 'NOCUR', amountOffCents: 500 }, 'currency'],
      [{ code: 'TOOMUCH', percentOff: 101 }, 'percentOff'],
      [{ code: 'PAST', percentOff: 10, expiresAt: new Date(Date.now() - DAY_MS).toISOString() }, 'expiresAt'],
      [{ code: 'ZEROMAX', percentOff: 10, maxRedemptions: 0 }, 'maxRedemptions'],
    ] as const) {
      const res = await admin.post('/api/admin/promotion-codes', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // The same code twice: 409, the first one stays.
    const again = await admin.post('/api/admin/promotion-codes', { code: 'Launch20', percentOff: 50 });
    expect(again.status).toBe(409);
    const list = (await admin.get('/api/admin/promotion-codes')).body;
    expect(list).toMatchObject({ source: 'local', canCreate: true, unavailable: false });
    expect(list.codes.map((c: { code: string }) => c.code)).toEqual(['LAUNCH20']);
    expect(list.codes[0]).toMatchObject({ percentOff: 20, timesRedeemed: 0, active: true });
    // Not an administrator: no list, no codes.
    const someone = await signUp(t);
    expect((await someone.client.get('/api/admin/promotion-codes')).status).toBe(403);
    expect((await someone.client.post('/api/admin/promotion-codes', { code: 'MINE', percentOff: 100 })).status).toBe(
      403,
    );
  });

  it('a trial with a promotion code converts on time: the reminder three days before, then the first paid invoice takes the discount', async () => {
    const email = uniqueEmail('trialconv');
    const browser = t.client();
    const { path, session } = await startCheckout(browser, email);
    const page = await browser.get(path);
    expect(page.body).toContain('data-testid="checkout-trial" class="trial">14 days');
    expect(page.body).toContain('START FREE TRIAL (TEST)');

    // A code that does not exist: 400 naming the field; nothing is started.
    const wrong = await browser.request('POST', '/checkout/test', payForm(session, { promotionCode: 'NOPE99' }), FORM);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('Promotion code: This promotion code does not exist');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();

    const started = Date.now();
    const paid = await browser.request('POST', '/checkout/test', payForm(session, { promotionCode: 'launch20' }), FORM);
    expect(paid.status, String(paid.body)).toBe(303);
    const user = await userRow(email);
    expect(user).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing' });
    const sub = await subOf(email);
    expect(sub.status).toBe('trialing');
    const trialEnd = sub.trialEnd!;
    expect(Math.abs(trialEnd.getTime() - (started + 14 * DAY_MS))).toBeLessThan(60_000);
    expect(sub.currentPeriodEnd!.getTime()).toBe(trialEnd.getTime());
    // The trial's invoice is for nothing; the code waits for the first paid one.
    expect(await invoicesOf(sub.subscriptionId)).toMatchObject([
      { amountCents: 0, discountCents: 0, promotionCode: null, status: 'paid' },
    ]);
    const redeemed = (await admin.get('/api/admin/promotion-codes')).body;
    expect(redeemed.codes[0]).toMatchObject({ code: 'LAUNCH20', timesRedeemed: 1 });
    expect(redeemed.redemptions[0]).toMatchObject({ code: 'LAUNCH20', email, discountCents: null, invoice: null });

    // Four days before the end: no reminder yet. Three days before: one, and only one.
    await sweepAt(new Date(trialEnd.getTime() - 4 * DAY_MS));
    expect(remindersTo(email)).toHaveLength(0);
    const threeDaysBefore = new Date(trialEnd.getTime() - 3 * DAY_MS + 60_000);
    expect((await sweepAt(threeDaysBefore)).trialReminders).toBe(1);
    expect(remindersTo(email)).toHaveLength(1);
    expect(remindersTo(email)[0]!.text).toContain(trialEnd.toISOString().slice(0, 16).replace('T', ' '));
    await sweepAt(new Date(threeDaysBefore.getTime() + DAY_MS));
    expect(remindersTo(email)).toHaveLength(1);

    // A minute before the trial's end it is still a trial.
    await sweepAt(new Date(trialEnd.getTime() - 60_000));
    expect((await subOf(email)).status).toBe('trialing');

    // At its end: the first paid invoice, the price less 20%; active, access continues.
    const report = await sweepAt(new Date(trialEnd.getTime() + 1000));
    expect(report.trialsConverted).toBe(1);
    const after = await subOf(email);
    expect(after.status).toBe('active');
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(trialEnd.getTime() + 27 * DAY_MS);
    expect(after.promotionCodeId).toBeNull();
    expect((await userRow(email)).hasActiveSubscription).toBe(true);
    const invoices = await invoicesOf(sub.subscriptionId);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      amountCents: 5000 - 1000,
      discountCents: 1000,
      promotionCode: 'LAUNCH20',
      status: 'paid',
    });
    // The same sweep again converts nothing twice.
    expect((await sweepAt(new Date(trialEnd.getTime() + 2000))).trialsConverted).toBe(0);
    expect(await invoicesOf(sub.subscriptionId)).toHaveLength(2);

    // The console shows who, when, the discount and the invoice.
    const list = (await admin.get('/api/admin/promotion-codes')).body;
    expect(list.redemptions[0]).toMatchObject({
      code: 'LAUNCH20',
      email,
      discountCents: 1000,
      currency: 'USD',
      invoice: invoices[1]!.number,
    });
    // The reminder went through the e-mail log.
    const logged = await t.db.db
      .selectFrom('emailLog')
      .select(['kind', 'status'])
      .where('toAddress', '=', email)
      .where('kind', '=', 'trial_ending')
      .execute();
    expect(logged).toEqual([{ kind: 'trial_ending', status: 'sent' }]);
  });

  it('a cancelled trial ends on time without payment: access ends, community access is removed, the reminder came three days before', async () => {
    const u = await signUp(t, uniqueEmail('trialend'));
    // Telegram is linked and the default room has a paid chat: the end of access queues the removal from it.
    await withPaidChat(t);
    const chatId = String(800_000_000 + Math.floor(Math.random() * 1_000_000));
    await t.db.db.insertInto('telegramLinks').values({ userId: u.id, chatId, username: null }).execute();
    const { session } = await startCheckout(u.client, u.email);
    expect((await u.client.request('POST', '/checkout/test', payForm(session), FORM)).status).toBe(303);
    const sub = await subOf(u.email);
    const trialEnd = sub.trialEnd!;
    expect(sub.status).toBe('trialing');
    const billing = (await u.client.get('/api/billing')).body;
    expect(billing).toMatchObject({
      status: 'trialing',
      provider: 'local',
      trialEnd: trialEnd.toISOString(),
      canCancel: true,
    });

    expect((await sweepAt(new Date(trialEnd.getTime() - 3 * DAY_MS + 1000))).trialReminders).toBe(1);
    expect(remindersTo(u.email)).toHaveLength(1);

    const cancel = await u.client.post('/api/billing/cancel', { reason: 'Only wanted to try it' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await sweepAt(new Date(trialEnd.getTime() - 60_000));
    expect((await userRow(u.email)).hasActiveSubscription).toBe(true);

    const report = await sweepAt(new Date(trialEnd.getTime() + 1000));
    expect(report.periodsEnded).toBe(1);
    expect(report.trialsConverted).toBe(0);
    expect(await userRow(u.email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    // Nothing was charged: only the trial's invoice for nothing.
    expect((await invoicesOf(sub.subscriptionId)).map((i) => i.amountCents)).toEqual([0]);
    const tasks = await t.db.db
      .selectFrom('communityTasks')
      .select(['action', 'externalId', 'platform'])
      .where('userId', '=', u.id)
      .execute();
    expect(tasks).toContainEqual({ action: 'remove_member', externalId: chatId, platform: 'telegram' });
    expect(remindersTo(u.email)).toHaveLength(1);
  });

  it('gives nobody a second trial; an amount-off code with a limit reaches the first invoice at once and is then used up', async () => {
    await createCode({ code: 'FIVEOFF', amountOffCents: 500, currency: 'usd', maxRedemptions: 1 });
    // The buyer of the previous test (an ended trial) gets no second one.
    const returning = (
      await t.db.db.selectFrom('users').select('email').where('email', 'like', 'trialend%').executeTakeFirstOrThrow()
    ).email;
    const browser = t.client();
    const { path, session } = await startCheckout(browser, returning.toUpperCase());
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('checkout-trial');
    expect(page.body).toContain('PAY AND ACTIVATE (TEST)');
    expect(
      (await browser.request('POST', '/checkout/test', payForm(session, { promotionCode: ' fiveoff ' }), FORM)).status,
    ).toBe(303);
    const sub = await subOf(returning);
    expect(sub.status).toBe('active');
    expect(sub.trialEnd).toBeNull();
    const invoices = await invoicesOf(sub.subscriptionId);
    expect(invoices).toMatchObject([{ amountCents: 5000 - 500, discountCents: 500, promotionCode: 'FIVEOFF' }]);

    // Used up: the next buyer is told so (400, the field named) and nothing starts.
    const other = uniqueEmail('latecomer');
    const late = await startCheckout(t.client(), other);
    const refused = await t
      .client()
      .request('POST', '/checkout/test', payForm(late.session, { promotionCode: 'FIVEOFF' }), FORM);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Promotion code: This promotion code has been used up');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', other).executeTakeFirst(),
    ).toBeUndefined();
    const codes = (await admin.get('/api/admin/promotion-codes')).body.codes as Array<{
      code: string;
      active: boolean;
      timesRedeemed: number;
    }>;
    expect(codes.find((c) => c.code === 'FIVEOFF')).toMatchObject({ active: false, timesRedeemed: 1 });
  });

  it("the test page's simulated checkout follows the same trial rules: a trial the first time, none the second", async () => {
    const email = uniqueEmail('testpage');
    const first = await t.client().post('/api/test/checkout-success', { email, plan: 'monthly' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toContain('Free trial of 14 days');
    const sub = await subOf(email);
    expect(sub.status).toBe('trialing');
    expect(sub.trialEnd).toBeInstanceOf(Date);
    const second = await t.client().post('/api/test/checkout-success', { email, plan: 'monthly' });
    expect(second.status).toBe(200);
    expect(second.body.message).not.toContain('Free trial');
    expect((await subOf(email)).status).toBe('active');
  });

  it('limits a code to plans: refused for another plan at checkout (the field named), taken for its own; the plans change with an audit entry', async () => {
    // A key no plan has: 400 naming `plans`, nothing made.
    const unknown = await admin.post('/api/admin/promotion-codes', { code: 'NOPLAN', percentOff: 10, plans: ['gold'] });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400);
    expect(unknown.body.fields.map((f: { path: string }) => f.path)).toEqual(['plans']);
    expect(unknown.body.message).toContain('plans: no plan has the key gold');
    const badKey = await admin.post('/api/admin/promotion-codes', { code: 'BADKEY', percentOff: 10, plans: ['Gold!'] });
    expect(badKey.status).toBe(400);
    expect(badKey.body.fields[0].path).toMatch(/^plans/);
    const codesNow = (await admin.get('/api/admin/promotion-codes')).body.codes.map((c: { code: string }) => c.code);
    expect(codesNow).not.toContain('NOPLAN');
    expect(codesNow).not.toContain('BADKEY');

    // Made for every plan, then limited to the monthly plan in the console.
    const code = await createCode({ code: 'MONTHONLY', percentOff: 15 });
    expect(code).toMatchObject({ plans: [], appliesToProducts: [] });
    const limited = await admin.patch(`/api/admin/promotion-codes/${code.id}`, { plans: ['monthly', 'monthly'] });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body).toMatchObject({ code: 'MONTHONLY', plans: ['monthly'] });
    const entry = await t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'adminPromotions.update')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      targetType: 'promotion-code',
      targetId: code.id,
      before: { plans: [] },
      after: { plans: ['monthly'] },
    });
    const refusedEdit = await admin.patch(`/api/admin/promotion-codes/${code.id}`, { plans: ['nowhere'] });
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.body.fields.map((f: { path: string }) => f.path)).toEqual(['plans']);
    expect((await admin.patch('/api/admin/promotion-codes/99999999', { plans: [] })).status).toBe(404);
    expect(
      await t.db.db.selectFrom('auditLog').select('id').where('action', '=', 'adminPromotions.update').execute(),
    ).toHaveLength(1);

    // The yearly plan's checkout refuses it, naming the field; nothing is started.
    const yearly = uniqueEmail('yearbuyer');
    const other = await startCheckout(t.client(), yearly, 'yearly');
    const refused = await t
      .client()
      .request('POST', '/checkout/test', payForm(other.session, { promotionCode: 'monthonly' }), FORM);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Promotion code: This promotion code does not apply to the yearly plan.');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', yearly).executeTakeFirst(),
    ).toBeUndefined();

    // Its own plan's checkout takes it.
    const monthly = uniqueEmail('monthbuyer');
    const own = await startCheckout(t.client(), monthly);
    const taken = await t
      .client()
      .request('POST', '/checkout/test', payForm(own.session, { promotionCode: 'MONTHONLY' }), FORM);
    expect(taken.status, String(taken.body)).toBe(303);
    const list = (await admin.get('/api/admin/promotion-codes')).body;
    expect(list.codes.find((c: { code: string }) => c.code === 'MONTHONLY')).toMatchObject({
      plans: ['monthly'],
      timesRedeemed: 1,
    });
    expect(list.redemptions[0]).toMatchObject({ code: 'MONTHONLY', email: monthly });
  });

  it('refuses a code made in Stripe (a win-back offer under Stripe): 400 naming the field, nothing started or redeemed', async () => {
    // A code recorded here with its Stripe promotion code (as a win-back offer made under Stripe
    // leaves it): the local checkout does not take it, whatever its discount and limits say.
    const code = await createCode({ code: 'STRIPEONLY', percentOff: 25 });
    await t.db.db
      .updateTable('promotionCodes')
      .set({ stripePromotionCodeId: 'promo_made_in_stripe' })
      .where('id', '=', Number(code.id))
      .execute();
    const email = uniqueEmail('stripecode');
    const started = await startCheckout(t.client(), email);
    const refused = await t
      .client()
      .request('POST', '/checkout/test', payForm(started.session, { promotionCode: 'stripeonly' }), FORM);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Promotion code: This promotion code is taken at Stripe&#39;s checkout only.');
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    const list = (await admin.get('/api/admin/promotion-codes')).body;
    expect(list.codes.find((c: { code: string }) => c.code === 'STRIPEONLY')).toMatchObject({ timesRedeemed: 0 });
    expect(list.redemptions.filter((r: { code: string }) => r.code === 'STRIPEONLY')).toEqual([]);

    // The same checkout still goes through without it.
    const paid = await t.client().request('POST', '/checkout/test', payForm(started.session), FORM);
    expect(paid.status, String(paid.body)).toBe(303);
  });
});

// ---------------------------------------------------------------------------------------------------
// Stripe: its API (prices, invoices, promotion codes, checkout sessions) answered by msw.

const WEBHOOK_SECRET = 'whsec_trials_test_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const API = 'https://api.stripe.com/v1';
let stripeDown = false;
const down = () =>
  HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 });
/** What the fake Stripe holds: one promotion code and the checkout session that used it. */
const held = { sessions: [] as Record<string, unknown>[], invoices: new Map<string, Record<string, unknown>[]>() };
// Limited in Stripe's Dashboard to one product (its coupon's `applies_to`, sent when expanded).
const COUPON = {
  id: 'co_launch',
  object: 'coupon',
  percent_off: 25,
  amount_off: null,
  currency: null,
  valid: true,
  applies_to: { products: ['prod_gold'] },
};
const PROMO = {
  id: 'promo_launch',
  object: 'promotion_code',
  code: 'STRIPE25',
  active: true,
  created: 1_790_000_000,
  expires_at: null,
  max_redemptions: 100,
  times_redeemed: 1,
  promotion: { type: 'coupon', coupon: COUPON },
};
const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) =>
    stripeDown ? down() : HttpResponse.json(stripePriceBody(params.id, 4000)),
  ),
  http.get(`${API}/subscriptions/:id`, ({ params }) =>
    stripeDown
      ? down()
      : HttpResponse.json({ id: params.id, object: 'subscription', status: 'active', default_payment_method: null }),
  ),
  http.get(`${API}/invoices`, ({ request }) => {
    if (stripeDown) return down();
    const customer = new URL(request.url).searchParams.get('customer') ?? '';
    return HttpResponse.json({
      object: 'list',
      has_more: false,
      url: '/v1/invoices',
      data: held.invoices.get(customer) ?? [],
    });
  }),
  http.get(`${API}/promotion_codes`, ({ request }) => {
    if (stripeDown) return down();
    const params = new URL(request.url).searchParams;
    expect([...params.getAll('expand[0]'), ...params.getAll('expand[1]')]).toEqual([
      'data.promotion.coupon',
      'data.promotion.coupon.applies_to',
    ]);
    return HttpResponse.json({ object: 'list', has_more: false, url: '/v1/promotion_codes', data: [PROMO] });
  }),
  http.get(`${API}/checkout/sessions`, () =>
    stripeDown
      ? down()
      : HttpResponse.json({ object: 'list', has_more: false, url: '/v1/checkout/sessions', data: held.sessions }),
  ),
);

const seconds = (d: number) => Math.floor(d / 1000);

describe.each(kinds)('trials and promotion codes with Stripe on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: TestClient;
  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { ...STRIPE_ENV, SMTP_URL: smtp.url, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    admin = (await signUpAdmin(t)).client;
  });
  afterEach(() => {
    stripeDown = false;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    stripeApi.close();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const userRow = (email: string) =>
    t.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const remindersTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && /free trial ends/.test(m.subject));

  async function deliver(evt: object) {
    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const subscription = (
    sub: string,
    customer: string,
    email: string,
    status: string,
    trialEnd: number,
    extra: Record<string, unknown> = {},
  ) => ({
    id: sub,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    trial_end: trialEnd,
    metadata: { email, plan: 'monthly' },
    items: { object: 'list', data: [{ id: `si_${sub}`, current_period_end: trialEnd }] },
    ...extra,
  });

  /** A Stripe Checkout with a 14-day trial completed (the webhooks Stripe sends for it). */
  async function stripeTrial(email: string, withLink?: { userId: number; chatId: string }) {
    const customer = newId('cus');
    const sub = newId('sub');
    const start = seconds(Date.now());
    const trialEnd = start + 14 * 86_400;
    if (withLink)
      await t.db.db
        .insertInto('telegramLinks')
        .values({ userId: withLink.userId, chatId: withLink.chatId, username: null })
        .execute();
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        {
          id: newId('cs'),
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'no_payment_required',
          status: 'complete',
          customer,
          subscription: sub,
          customer_email: email,
          customer_details: { email },
          metadata: { email, plan: 'monthly' },
          client_reference_id: null,
        },
        start,
      ),
    );
    await deliver(
      stripeEvent('customer.subscription.created', subscription(sub, customer, email, 'trialing', trialEnd), start),
    );
    return { customer, sub, start, trialEnd };
  }

  it('a Stripe trial converts: one reminder (trial_will_end, never again from the sweep), then trialing to active on the paid invoice', async () => {
    const email = uniqueEmail('stripetrial');
    const { customer, sub, start, trialEnd } = await stripeTrial(email);
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing' });
    const stored = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', sub)
      .executeTakeFirstOrThrow();
    expect(stored.trialEnd!.getTime()).toBe(trialEnd * 1000);

    // Three days before, Stripe says so: the reminder e-mail goes out once.
    await deliver(
      stripeEvent(
        'customer.subscription.trial_will_end',
        subscription(sub, customer, email, 'trialing', trialEnd),
        trialEnd - 3 * 86_400,
      ),
    );
    expect(remindersTo(email)).toHaveLength(1);
    await sweepBilling(ctx(), new Date((trialEnd - 2 * 86_400) * 1000));
    expect(remindersTo(email)).toHaveLength(1);

    // The trial's end: Stripe bills the first invoice and the subscription turns active.
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscription(sub, customer, email, 'active', trialEnd, {
          items: { object: 'list', data: [{ id: 'si', current_period_end: trialEnd + 30 * 86_400 }] },
        }),
        trialEnd,
      ),
    );
    await deliver(
      stripeEvent(
        'invoice.paid',
        {
          id: newId('in'),
          object: 'invoice',
          customer,
          status: 'paid',
          parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } },
        },
        trialEnd + 1,
      ),
    );
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    const converted = await t.db.db
      .selectFrom('paymentSubscriptions')
      .selectAll()
      .where('subscriptionId', '=', sub)
      .executeTakeFirstOrThrow();
    expect(converted.currentPeriodEnd!.getTime()).toBe((trialEnd + 30 * 86_400) * 1000);
    expect(converted.startedAt!.getTime()).toBe(start * 1000);
  });

  it('a Stripe trial that ends without payment ends access through the same path: community removal queued', async () => {
    const u = await signUp(t, uniqueEmail('stripeend'));
    await withPaidChat(t);
    const chatId = String(900_000_000 + Math.floor(Math.random() * 1_000_000));
    const { customer, sub, trialEnd } = await stripeTrial(u.email, { userId: u.id, chatId });
    expect((await userRow(u.email)).hasActiveSubscription).toBe(true);
    // No payment method at the trial's end: Stripe cancels the subscription.
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        subscription(sub, customer, u.email, 'canceled', trialEnd),
        trialEnd,
      ),
    );
    expect(await userRow(u.email)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled' });
    const tasks = await t.db.db
      .selectFrom('communityTasks')
      .select(['action', 'externalId'])
      .where('userId', '=', u.id)
      .execute();
    expect(tasks).toContainEqual({ action: 'remove_member', externalId: chatId });
  });

  it('keeps a trial trialing when Stripe tells the subscription before the checkout', async () => {
    const email = uniqueEmail('stripeorder');
    const customer = newId('cus');
    const sub = newId('sub');
    const start = seconds(Date.now());
    const trialEnd = start + 7 * 86_400;
    await deliver(
      stripeEvent('customer.subscription.created', subscription(sub, customer, email, 'trialing', trialEnd), start),
    );
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        {
          id: newId('cs'),
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'no_payment_required',
          status: 'complete',
          customer,
          subscription: sub,
          customer_email: email,
          customer_details: { email },
          metadata: { email, plan: 'monthly' },
          client_reference_id: null,
        },
        start + 1,
      ),
    );
    expect(await userRow(email)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing' });
  });

  it("lists Stripe's promotion codes and the checkouts that took a discount; the discount shows on the subscriber's invoice", async () => {
    const u = await signUp(t, uniqueEmail('stripepromo'));
    const customer = newId('cus');
    const sub = newId('sub');
    const created = seconds(Date.now());
    held.sessions.push({
      id: newId('cs'),
      object: 'checkout.session',
      created,
      currency: 'usd',
      customer_email: u.email,
      customer_details: { email: u.email },
      invoice: 'in_promo_1',
      total_details: {
        amount_discount: 1000,
        amount_shipping: 0,
        amount_tax: 0,
        breakdown: {
          discounts: [{ amount: 1000, discount: { id: 'di_1', object: 'discount', promotion_code: 'promo_launch' } }],
          taxes: [],
        },
      },
    });
    held.sessions.push({
      id: newId('cs'),
      object: 'checkout.session',
      created,
      currency: 'usd',
      customer_email: 'full@t0.test',
      invoice: 'in_full',
      total_details: { amount_discount: 0 },
    });
    held.invoices.set(customer, [
      {
        id: 'in_promo_1',
        object: 'invoice',
        number: 'T0-0042',
        created,
        amount_paid: 3000,
        amount_due: 3000,
        currency: 'usd',
        status: 'paid',
        hosted_invoice_url: null,
        total_discount_amounts: [{ amount: 1000, discount: 'di_1' }],
      },
    ]);
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        {
          id: newId('cs'),
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          status: 'complete',
          customer,
          subscription: sub,
          customer_email: u.email,
          customer_details: { email: u.email },
          metadata: { email: u.email, plan: 'monthly' },
          client_reference_id: null,
        },
        created,
      ),
    );

    const list = await admin.get('/api/admin/promotion-codes');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ source: 'stripe', canCreate: false, unavailable: false });
    expect(list.body.codes).toEqual([
      expect.objectContaining({
        id: 'promo_launch',
        code: 'STRIPE25',
        percentOff: 25,
        label: '25% off',
        timesRedeemed: 1,
        maxRedemptions: 100,
        active: true,
        plans: [],
        appliesToProducts: ['prod_gold'],
      }),
    ]);
    expect(list.body.redemptions).toEqual([
      {
        code: 'STRIPE25',
        email: u.email,
        redeemedAt: new Date(created * 1000).toISOString(),
        discountCents: 1000,
        currency: 'USD',
        invoice: 'in_promo_1',
      },
    ]);

    // The subscriber's Billing lists the invoice with its discount.
    const billing = (await u.client.get('/api/billing')).body;
    expect(billing.invoices).toEqual([
      expect.objectContaining({ number: 'T0-0042', amountCents: 3000, discountCents: 1000 }),
    ]);

    // Codes are made in Stripe's Dashboard: the console cannot create one here.
    expect((await admin.post('/api/admin/promotion-codes', { code: 'LOCALONLY', percentOff: 10 })).status).toBe(409);
    // Nor limit one to plans: that is the coupon's products, in Stripe's Dashboard.
    expect((await admin.patch('/api/admin/promotion-codes/1', { plans: ['monthly'] })).status).toBe(409);
    // Stripe down: the list says so rather than failing.
    stripeDown = true;
    expect((await admin.get('/api/admin/promotion-codes')).body).toMatchObject({
      source: 'stripe',
      unavailable: true,
      codes: [],
    });
  });
});
