import { randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { affiliateClock } from '@t0/server';
import {
  chargeRefunded,
  deliverStripeEvent,
  invoicePaid,
  newStripeId,
  resentStripeEvent,
  subscriptionCheckoutCompleted,
  stripePriceBody,
} from '../fakes/stripe-event';
import { signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, type TestApp, type TestClient } from '../harness';

// Affiliates (docs/features/affiliates.md): a subscriber accepts the terms and gets a link; a click
// counts; a registration with the code attributes the account; a Stripe payment by it earns a
// commission once (however often the webhook comes), held then payable, clawed back by a refund;
// the console suspends, pays out and exports what is due. Stripe's API is faked by msw, Whop's
// webhook is signed here.

const WEBHOOK_SECRET = 'whsec_affiliates_secret';
const WHOP_SECRET = 'ws_affiliates_0123456789abcdef0123';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  WHOP_WEBHOOK_SECRET: WHOP_SECRET,
};
const API = 'https://api.stripe.com/v1';
const DAY_MS = 24 * 60 * 60 * 1000;

const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) => HttpResponse.json(stripePriceBody(params.id, 4900))),
  http.post(`${API}/checkout/sessions`, () => {
    const id = `cs_test_${randomBytes(6).toString('hex')}`;
    return HttpResponse.json({
      id,
      object: 'checkout.session',
      mode: 'subscription',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
  }),
  http.get(`${API}/checkout/sessions/:id`, ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: 'checkout.session',
      mode: 'subscription',
      payment_intent: null,
      invoice: `in_for_${String(params.id)}`,
      subscription: { id: 'sub_x', object: 'subscription', default_payment_method: null },
    }),
  ),
  http.get(`${API}/invoice_payments`, () => HttpResponse.json({ object: 'list', has_more: false, data: [] })),
);

/** A Whop delivery, signed as Standard Webhooks with the secret's key. */
function whopSigned(body: object) {
  const id = `msg_${randomBytes(6).toString('hex')}`;
  const at = new Date();
  const payload = JSON.stringify(body);
  const key = Buffer.from(WHOP_SECRET).toString('base64');
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, at, payload),
    },
  };
}

/** A signed-in subscriber who accepted the terms: their client, code and affiliate id. */
async function enrolAffiliate(t: TestApp, email = uniqueEmail('aff')) {
  const u = await signUp(t, email);
  const state = await u.client.get('/api/user/referral');
  expect(state.status, JSON.stringify(state.body)).toBe(200);
  const accepted = await u.client.post('/api/user/referral', { disclosure: state.body.currentDisclosure });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const row = await t.db.db.selectFrom('affiliates').select('id').where('userId', '=', u.id).executeTakeFirstOrThrow();
  return { ...u, code: accepted.body.code as string, affiliateId: row.id };
}

describe.each(await testDbKinds())('affiliates on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;

  const deliver = (evt: object) => deliverStripeEvent(t, WEBHOOK_SECRET, evt);
  const again = resentStripeEvent;

  const newAffiliate = (email?: string) => enrolAffiliate(t, email);
  const register = async (email: string, ref?: string) => {
    const client = t.client();
    const res = await client.post('/api/register', {
      email,
      password: 'Str0ng!Passw0rd',
      firstName: 'Referred',
      lastName: 'Trader',
      ...(ref ? { ref } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { client, id: res.body.id as number, email };
  };
  const attributionOf = (userId: number) =>
    t.db.db
      .selectFrom('referralAttributions')
      .select(['affiliateId', 'source'])
      .where('userId', '=', userId)
      .executeTakeFirst();
  const commissionsOf = (affiliateId: number) =>
    t.db.db
      .selectFrom('affiliateCommissions')
      .select(['kind', 'amount', 'currency', 'status', 'payoutId', 'referredUserId'])
      .where('affiliateId', '=', affiliateId)
      .orderBy('id')
      .execute();
  /** The referred account subscribes through Stripe and pays `amount`: the checkout, then the invoice. */
  const paysThroughStripe = async (email: string, amount: number, pendingPaymentId?: number) => {
    const [customer, subscription, charge] = [newStripeId('cus'), newStripeId('sub'), newStripeId('ch')];
    const completed = subscriptionCheckoutCompleted({ email, plan: 'monthly', customer, subscription });
    // Stripe hands back the started checkout's id as the session's client reference.
    if (pendingPaymentId) Object.assign(completed.data.object, { client_reference_id: String(pendingPaymentId) });
    await deliver(completed);
    const paid = invoicePaid({ subscription, customer, charge, amount });
    await deliver(paid);
    return { customer, subscription, charge, paid };
  };
  const earningsOf = async (client: { get: (p: string) => Promise<{ status: number; body: any }> }) => {
    const res = await client.get('/api/user/referral');
    expect(res.status).toBe(200);
    return res.body.figures;
  };

  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(kind, STRIPE_ENV);
    admin = await signUpAdmin(t);
  }, 120_000);
  afterEach(() => {
    affiliateClock.now = () => new Date();
  });
  afterAll(async () => {
    await t?.close();
    stripeApi.close();
  });

  it('accepting the terms gives a link and a code; a visit with the code counts a click', async () => {
    const u = await signUp(t);
    const before = await u.client.get('/api/user/referral');
    expect(before.body).toMatchObject({ enrolled: false, code: null, link: null, commissionPercent: 30, holdDays: 14 });
    expect(before.body.disclosure).toBe(before.body.currentDisclosure);

    const stale = await u.client.post('/api/user/referral', { disclosure: 'Some other line' });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/disclosure/i);
    expect((await u.client.get('/api/user/referral')).body.enrolled).toBe(false);

    const accepted = await u.client.post('/api/user/referral', { disclosure: before.body.currentDisclosure });
    expect(accepted.status).toBe(200);
    const code = accepted.body.code as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(accepted.body).toMatchObject({ enrolled: true, status: 'active' });
    expect(accepted.body.link).toBe(`${t.config.publicUrl.replace(/\/+$/, '')}/?ref=${code}`);
    expect(accepted.body.termsAcceptedAt).toEqual(expect.any(String));

    const visit = await t.client().post('/api/referral/visit', { code, path: '/pricing' });
    expect(visit.status, JSON.stringify(visit.body)).toBe(200);
    // The answer carries the desk's first-touch window: the browser keeps the referral that long.
    expect(visit.body).toEqual({ counted: true, cookieDays: 30 });
    expect((await t.client().post('/api/referral/visit', { code: 'NOSUCHCODE' })).status).toBe(404);
    expect((await t.client().post('/api/referral/visit', { code: 'x' })).status).toBe(400);
    expect((await earningsOf(u.client)).clicks).toBe(1);
    const visits = await t.db.db.selectFrom('referralVisits').select(['landingPath']).execute();
    expect(visits.map((v) => v.landingPath)).toContain('/pricing');
  });

  it('the same payer on both sides earns nothing: the referred account pays with a card the affiliate paid with', async () => {
    const aff = await newAffiliate();
    const referred = await register(uniqueEmail('same-card'), aff.code);
    expect(await attributionOf(referred.id)).toEqual({ affiliateId: aff.affiliateId, source: 'link' });
    // Both accounts' payments showed the same card (Stripe's fingerprint, kept per account at payment).
    const seen = new Date();
    await t.db.db
      .insertInto('userCardFingerprints')
      .values(
        [aff.id, referred.id].map((userId) => ({
          userId,
          fingerprint: 'FpSharedCard0001',
          firstSeen: seen,
          lastSeen: seen,
        })),
      )
      .execute();
    await paysThroughStripe(referred.email, 4900);
    expect(await commissionsOf(aff.affiliateId)).toEqual([]);
  });

  it('a referred registration attributes; its Stripe payment earns once, is payable after the window, is paid out and clawed back', async () => {
    const aff = await newAffiliate();
    const referred = await register(uniqueEmail('referred'), aff.code.toLowerCase());
    expect(await attributionOf(referred.id)).toEqual({ affiliateId: aff.affiliateId, source: 'link' });

    const { customer, charge, paid } = await paysThroughStripe(referred.email, 4900);
    // The same event again, and the same invoice under a new event id: nothing more is earned.
    expect((await deliver(paid)).applied).toBe(false);
    await deliver(again(paid));
    expect(await commissionsOf(aff.affiliateId)).toEqual([
      {
        kind: 'earned',
        amount: 1470,
        currency: 'USD',
        status: 'earned',
        payoutId: null,
        referredUserId: referred.id,
      },
    ]);
    let figures = await earningsOf(aff.client);
    expect(figures).toMatchObject({ signUps: 1, conversions: 1 });
    expect(figures.earnings).toEqual([{ currency: 'USD', pending: 1470, payable: 0, paid: 0, clawedBack: 0 }]);
    // Held: nothing is due yet.
    expect(
      (await admin.client.post(`/api/admin/affiliates/${aff.affiliateId}/payouts`, { reference: 'x' })).status,
    ).toBe(409);
    const early = await admin.client.get('/api/admin/affiliates/payouts/export');
    expect(early.status).toBe(200);
    expect(early.body.csv).not.toContain(aff.code);

    // Past the 14-day hold window it is payable, and the CSV lists it.
    affiliateClock.now = () => new Date(Date.now() + 15 * DAY_MS);
    figures = await earningsOf(aff.client);
    expect(figures.earnings).toEqual([{ currency: 'USD', pending: 0, payable: 1470, paid: 0, clawedBack: 0 }]);
    const due = await admin.client.get('/api/admin/affiliates/payouts/export');
    expect(due.body.csv.split(/\r?\n/)[0]).toBe('affiliate_id,email,code,status,currency,payable,pending');
    expect(due.body.csv).toContain(`${aff.affiliateId},${aff.email},${aff.code},active,USD,14.70,0.00`);

    const payout = await admin.client.post(`/api/admin/affiliates/${aff.affiliateId}/payouts`, {
      reference: 'WIRE-1',
    });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    expect(payout.body.payouts).toEqual([
      expect.objectContaining({ affiliateId: aff.affiliateId, total: 1470, currency: 'USD', reference: 'WIRE-1' }),
    ]);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorEmail', '=', admin.email)
      .where('action', 'like', 'adminAffiliates.%')
      .execute();
    expect(audit.map((a) => a.action)).toContain('adminAffiliates.markPaid');
    figures = await earningsOf(aff.client);
    expect(figures.earnings).toEqual([{ currency: 'USD', pending: 0, payable: 0, paid: 1470, clawedBack: 0 }]);

    // Refunded after the payout: taken back as a negative balance carried to the next payout.
    await deliver(chargeRefunded(charge, customer, [{ id: `re_${charge}`, amount: 4900 }]));
    figures = await earningsOf(aff.client);
    expect(figures.earnings).toEqual([{ currency: 'USD', pending: 0, payable: -1470, paid: 1470, clawedBack: 1470 }]);
    expect((await commissionsOf(aff.affiliateId)).map((c) => [c.kind, c.amount])).toEqual([
      ['earned', 1470],
      ['clawback', -1470],
    ]);
  });

  it('a refund before the payout claws the commission back whole', async () => {
    const aff = await newAffiliate();
    const referred = await register(uniqueEmail('refunded'), aff.code);
    const { customer, charge } = await paysThroughStripe(referred.email, 4900);
    const refund = chargeRefunded(charge, customer, [{ id: `re_${charge}`, amount: 4900 }]);
    await deliver(refund);
    await deliver(again(refund));
    expect((await commissionsOf(aff.affiliateId)).map((c) => [c.kind, c.amount, c.status])).toEqual([
      ['earned', 1470, 'clawed_back'],
    ]);
    expect((await earningsOf(aff.client)).earnings).toEqual([
      { currency: 'USD', pending: 0, payable: 0, paid: 0, clawedBack: 1470 },
    ]);
  });

  it('refuses self-referral: the same address once Gmail is folded, and the affiliate’s own checkout', async () => {
    const local = `self${randomBytes(4).toString('hex')}`;
    const aff = await newAffiliate(`${local}@gmail.com`);
    const twin = await register(`${local.slice(0, 3)}.${local.slice(3)}+promo@googlemail.com`, aff.code);
    expect(await attributionOf(twin.id)).toBeUndefined();
    // The affiliate's own checkout with their own code attributes nothing.
    const checkout = await t.client().post('/api/create-checkout-session', { email: aff.email, ref: aff.code });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(await attributionOf(aff.id)).toBeUndefined();
    expect((await earningsOf(aff.client)).signUps).toBe(0);
  });

  it('a checkout started with the code attributes the account its payment makes (first touch wins)', async () => {
    const aff = await newAffiliate();
    const other = await newAffiliate();
    const email = uniqueEmail('buyer');
    const started = await t.client().post('/api/create-checkout-session', { email, ref: aff.code });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const pending = await t.db.db
      .selectFrom('pendingPayments')
      .select(['id', 'referralCode'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending.referralCode).toBe(aff.code);
    await paysThroughStripe(email, 4900, pending.id);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await attributionOf(user.id)).toEqual({ affiliateId: aff.affiliateId, source: 'link' });
    expect((await commissionsOf(aff.affiliateId)).map((c) => c.amount)).toEqual([1470]);
    // A later code changes nothing.
    await t.client().post('/api/create-checkout-session', { email, ref: other.code });
    expect(await attributionOf(user.id)).toEqual({ affiliateId: aff.affiliateId, source: 'link' });
  });

  it('suspension voids what is unpaid and stops the link; reactivation lets it earn again', async () => {
    const aff = await newAffiliate();
    const referred = await register(uniqueEmail('voided'), aff.code);
    await paysThroughStripe(referred.email, 4900);
    const suspended = await admin.client.post(`/api/admin/affiliates/${aff.affiliateId}/suspend`);
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body).toEqual({ ok: true, voided: 1 });
    expect((await commissionsOf(aff.affiliateId)).map((c) => c.status)).toEqual(['voided']);
    const state = await aff.client.get('/api/user/referral');
    expect(state.body.status).toBe('suspended');
    expect((await t.client().post('/api/referral/visit', { code: aff.code })).status).toBe(404);
    const late = await register(uniqueEmail('late'), aff.code);
    expect(await attributionOf(late.id)).toBeUndefined();
    expect((await aff.client.post('/api/user/referral', { disclosure: state.body.currentDisclosure })).status).toBe(
      403,
    );

    expect((await admin.client.post(`/api/admin/affiliates/${aff.affiliateId}/reactivate`)).status).toBe(200);
    expect((await aff.client.get('/api/user/referral')).body.status).toBe('active');
    const list = await admin.client.get('/api/admin/affiliates');
    expect(list.status).toBe(200);
    const row = list.body.affiliates.find((a: { id: number }) => a.id === aff.affiliateId);
    expect(row).toMatchObject({ status: 'active', signUps: 1, conversions: 1, code: aff.code });
  });

  it('the rate override and a plan’s recurring rule decide what a payment earns', async () => {
    const aff = await newAffiliate();
    expect((await admin.client.put(`/api/admin/affiliates/${aff.affiliateId}/rate`, { percent: 12.5 })).status).toBe(
      200,
    );
    const bad = await admin.client.put(`/api/admin/affiliates/${aff.affiliateId}/rate`, { percent: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/percent/);
    const rule = await admin.client.put('/api/admin/affiliates/rules/monthly', { percent: 20, recurringMonths: 3 });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect(
      (await admin.client.put('/api/admin/affiliates/rules/nosuchplan', { percent: 20, recurringMonths: 3 })).status,
    ).toBe(400);
    try {
      const referred = await register(uniqueEmail('override'), aff.code);
      const { customer, subscription } = await paysThroughStripe(referred.email, 4900);
      // The renewal within three months earns too (recurring rule), at the affiliate's own 12.5 %.
      await deliver(invoicePaid({ subscription, customer, charge: newStripeId('ch'), amount: 4900 }));
      expect((await commissionsOf(aff.affiliateId)).map((c) => c.amount)).toEqual([613, 613]);
    } finally {
      expect((await admin.client.delete('/api/admin/affiliates/rules/monthly')).status).toBe(200);
    }
  });

  it('a Whop payment earns nothing by default', async () => {
    const aff = await newAffiliate();
    const referred = await register(uniqueEmail('whop'), aff.code);
    const whopPlan = `plan_Aff${randomBytes(3).toString('hex')}`;
    expect((await admin.client.put(`/api/admin/whop-plans/${whopPlan}`, { plan: 'monthly' })).status).toBe(200);
    const membershipId = `mem_${randomBytes(5).toString('hex')}`;
    const whopUser = `user_${randomBytes(5).toString('hex')}`;
    const now = new Date().toISOString();
    const payment = whopSigned({
      api_version: 'v1',
      timestamp: now,
      type: 'payment.succeeded',
      data: {
        id: `pay_${randomBytes(5).toString('hex')}`,
        status: 'paid',
        total: 49,
        subtotal: 49,
        usd_total: 49,
        amount_after_fees: 46.5,
        currency: 'usd',
        paid_at: now,
        created_at: now,
        user: { id: whopUser, email: referred.email },
        membership: { id: membershipId, status: 'active' },
        plan: { id: whopPlan },
      },
    });
    const res = await t.client().request('POST', '/api/webhooks/whop', payment.payload, payment.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = await t.db.db
      .selectFrom('ledgerEntries')
      .select(['provider', 'userId'])
      .where('provider', '=', 'whop')
      .where('userId', '=', referred.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(await commissionsOf(aff.affiliateId)).toEqual([]);
  });

  it('the console paths answer 403 to someone who is not an administrator', async () => {
    const u = await signUp(t);
    for (const [method, path] of [
      ['GET', '/api/admin/affiliates'],
      ['GET', '/api/admin/affiliates/payouts/export'],
      ['GET', '/api/admin/affiliates/settings'],
      ['POST', '/api/admin/affiliates/1/suspend'],
      ['POST', '/api/admin/affiliates/1/payouts'],
    ] as const) {
      const res = method === 'POST' ? await u.client.post(path, { reference: '' }) : await u.client.get(path);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('names what is wrong: an unknown affiliate is a 404, an unknown promotion code a 400 naming code', async () => {
    const aff = await newAffiliate();
    expect((await admin.client.post('/api/admin/affiliates/999999/suspend')).status).toBe(404);
    const unknown = await admin.client.post(`/api/admin/affiliates/${aff.affiliateId}/promotion-code`, {
      code: 'NO-SUCH-CODE',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/promotion code/i);
    expect(JSON.stringify(unknown.body)).toContain('code');
  });

  it('the settings are saved (audited) and named fields are refused', async () => {
    const current = await admin.client.get('/api/admin/affiliates/settings');
    expect(current.body).toMatchObject({
      defaultPercent: 30,
      defaultRecurringMonths: 0,
      cookieDays: 30,
      holdDays: 14,
      whopPayments: false,
    });
    const bad = await admin.client.put('/api/admin/affiliates/settings', { ...current.body, holdDays: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/holdDays/);
    const saved = await admin.client.put('/api/admin/affiliates/settings', { ...current.body, cookieDays: 45 });
    expect(saved.status).toBe(200);
    expect(saved.body.cookieDays).toBe(45);
    try {
      // A visit answers the desk's window as it is now.
      const aff = await newAffiliate();
      const visit = await t.client().post('/api/referral/visit', { code: aff.code });
      expect(visit.status, JSON.stringify(visit.body)).toBe(200);
      expect(visit.body).toEqual({ counted: true, cookieDays: 45 });
    } finally {
      await admin.client.put('/api/admin/affiliates/settings', current.body);
    }
  });
});

// A promotion code that belongs to an affiliate, set from the console (the local test mode, where
// codes are made here): a checkout that takes it attributes its buyer to the affiliate (source
// `code`), and the payment earns the commission. Both databases: the code, its redemption, the
// attribution and the commission are written in the checkout's transaction.
describe.each(await testDbKinds())('affiliate promotion codes in the local test mode on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_MONTHLY_PRICE: '50', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    admin = (await signUpAdmin(t)).client;
  }, 120_000);
  afterAll(async () => t?.close());

  const auditCount = async (action: string) =>
    (await t.db.db.selectFrom('auditLog').select('id').where('action', '=', action).execute()).length;
  const codeNamed = async (code: string) =>
    ((await admin.get('/api/admin/promotion-codes')).body.codes as Array<Record<string, unknown>>).find(
      (c) => c.code === code,
    );
  /** A buyer with no account pays the monthly plan on the test checkout with the code. */
  const buysWithCode = async (email: string, code: string) => {
    const browser = t.client();
    const started = await browser.post('/api/create-checkout-session', { email, plan: 'monthly' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = new URL(started.body.url as string).searchParams.get('session')!;
    const form = new URLSearchParams({
      session,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Code Buyer',
      promotionCode: code,
    }).toString();
    const paid = await browser.request('POST', '/checkout/test', form, FORM);
    expect(paid.status, String(paid.body)).toBe(303);
    return t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  };

  it('a code made with an affiliate is listed with them; a checkout with it attributes the buyer and the payment earns the commission', async () => {
    const aff = await enrolAffiliate(t);
    const audited = await auditCount('adminPromotions.create');
    const made = await admin.post('/api/admin/promotion-codes', {
      code: 'partner10',
      percentOff: 10,
      affiliateId: aff.affiliateId,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ code: 'PARTNER10', affiliateId: aff.affiliateId, affiliateCode: aff.code });
    expect(await codeNamed('PARTNER10')).toMatchObject({ affiliateId: aff.affiliateId, affiliateCode: aff.code });
    expect(await auditCount('adminPromotions.create')).toBe(audited + 1);
    // The console's affiliates list the code on the affiliate's row.
    const affiliates = (await admin.get('/api/admin/affiliates')).body.affiliates as Array<{
      id: number;
      promotionCodes: string[];
    }>;
    expect(affiliates.find((a) => a.id === aff.affiliateId)?.promotionCodes).toEqual(['PARTNER10']);

    const buyer = await buysWithCode(uniqueEmail('code-buyer'), 'partner10');
    expect(
      await t.db.db
        .selectFrom('referralAttributions')
        .select(['affiliateId', 'source'])
        .where('userId', '=', buyer.id)
        .executeTakeFirst(),
    ).toEqual({ affiliateId: aff.affiliateId, source: 'code' });
    // 30 % (the default rule) of the first payment: the plan's 50.00 less the code's 10 %.
    const commissions = await t.db.db
      .selectFrom('affiliateCommissions')
      .select(['kind', 'amount', 'currency', 'status', 'referredUserId'])
      .where('affiliateId', '=', aff.affiliateId)
      .execute();
    expect(commissions).toEqual([
      { kind: 'earned', amount: 1350, currency: 'USD', status: 'earned', referredUserId: buyer.id },
    ]);
    const figures = (await aff.client.get('/api/user/referral')).body.figures;
    expect(figures).toMatchObject({ signUps: 1, conversions: 1 });
    expect(figures.earnings).toEqual([{ currency: 'USD', pending: 1350, payable: 0, paid: 0, clawedBack: 0 }]);
  });

  it('gives no promotion code to a suspended affiliate (409 naming them), as a code with its affiliateId is refused', async () => {
    const aff = await enrolAffiliate(t);
    const made = await admin.post('/api/admin/promotion-codes', { code: 'LATEGIFT15', percentOff: 15 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await admin.post(`/api/admin/affiliates/${aff.affiliateId}/suspend`)).status).toBe(200);
    const before = await auditCount('adminAffiliates.linkPromotionCode');

    const refused = await admin.post(`/api/admin/affiliates/${aff.affiliateId}/promotion-code`, {
      code: 'lategift15',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      message: `The affiliate ${aff.code} is suspended: reactivate them before giving them a promotion code`,
    });
    expect(await codeNamed('LATEGIFT15')).toMatchObject({ affiliateId: null });
    expect(await auditCount('adminAffiliates.linkPromotionCode')).toBe(before);

    // Reactivated, it is given.
    expect((await admin.post(`/api/admin/affiliates/${aff.affiliateId}/reactivate`)).status).toBe(200);
    const given = await admin.post(`/api/admin/affiliates/${aff.affiliateId}/promotion-code`, {
      code: 'lategift15',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(await codeNamed('LATEGIFT15')).toMatchObject({ affiliateId: aff.affiliateId });
    expect(await auditCount('adminAffiliates.linkPromotionCode')).toBe(before + 1);
  });

  it("gives no affiliate a code made for one account (a win-back offer's, here or in Stripe): a 400 naming code", async () => {
    const aff = await enrolAffiliate(t);
    const buyer = await signUp(t);
    const own = { percentOff: 30, amountOffCents: null, currency: null, maxRedemptions: 1, expiresAt: null };
    await t.db.db
      .insertInto('promotionCodes')
      .values([
        { ...own, code: 'BACK-OWNCODE1', userId: buyer.id, stripePromotionCodeId: null },
        { ...own, code: 'BACK-STRIPE01', userId: buyer.id, stripePromotionCodeId: 'promo_1Winback' },
      ])
      .execute();
    const before = await auditCount('adminAffiliates.linkPromotionCode');
    for (const code of ['back-owncode1', 'BACK-STRIPE01']) {
      const refused = await admin.post(`/api/admin/affiliates/${aff.affiliateId}/promotion-code`, { code });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.fields).toEqual([
        expect.objectContaining({
          path: 'code',
          message: 'This code was made for one account (a win-back offer): it cannot belong to an affiliate',
        }),
      ]);
    }
    const stored = await t.db.db
      .selectFrom('promotionCodes')
      .select('affiliateId')
      .where('code', 'in', ['BACK-OWNCODE1', 'BACK-STRIPE01'])
      .execute();
    expect(stored).toEqual([{ affiliateId: null }, { affiliateId: null }]);
    expect(await auditCount('adminAffiliates.linkPromotionCode')).toBe(before);
  });

  it('an unknown or suspended affiliate is a 400 naming affiliateId, and nothing is stored', async () => {
    const aff = await enrolAffiliate(t);
    const audited = await auditCount('adminPromotions.create');
    expect((await admin.post(`/api/admin/affiliates/${aff.affiliateId}/suspend`)).status).toBe(200);
    for (const [code, affiliateId] of [
      ['NOBODY10', 99_999_999],
      ['SUSPENDED10', aff.affiliateId],
      ['NOTANID10', 'abc'],
    ] as const) {
      const res = await admin.post('/api/admin/promotion-codes', { code, percentOff: 10, affiliateId });
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual(['affiliateId']);
      expect(res.body.message).toMatch(/affiliateId/);
      expect(await codeNamed(code)).toBeUndefined();
    }
    expect(await auditCount('adminPromotions.create')).toBe(audited);
  });

  it('the affiliate of a code is changed and cleared (audited); a suspended one is refused', async () => {
    const [first, second] = [await enrolAffiliate(t), await enrolAffiliate(t)];
    const made = await admin.post('/api/admin/promotion-codes', { code: 'SWITCH5', percentOff: 5, plans: ['monthly'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ affiliateId: null, affiliateCode: null });
    const id = made.body.id as string;
    const audited = await auditCount('adminPromotions.update');

    const given = await admin.patch(`/api/admin/promotion-codes/${id}`, { affiliateId: first.affiliateId });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    // What is left out stays: the plans.
    expect(given.body).toMatchObject({ plans: ['monthly'], affiliateId: first.affiliateId, affiliateCode: first.code });
    const entry = await t.db.db
      .selectFrom('auditLog')
      .select(['targetType', 'targetId', 'before', 'after'])
      .where('action', '=', 'adminPromotions.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      targetType: 'promotion-code',
      targetId: id,
      before: { affiliateId: null },
      after: { affiliateId: first.affiliateId },
    });
    const moved = await admin.patch(`/api/admin/promotion-codes/${id}`, {
      plans: [],
      affiliateId: second.affiliateId,
    });
    expect(moved.body).toMatchObject({ plans: [], affiliateId: second.affiliateId, affiliateCode: second.code });

    expect((await admin.post(`/api/admin/affiliates/${first.affiliateId}/suspend`)).status).toBe(200);
    const refused = await admin.patch(`/api/admin/promotion-codes/${id}`, { affiliateId: first.affiliateId });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.map((f: { path: string }) => f.path)).toEqual(['affiliateId']);
    expect(await codeNamed('SWITCH5')).toMatchObject({ affiliateId: second.affiliateId });

    const cleared = await admin.patch(`/api/admin/promotion-codes/${id}`, { affiliateId: null });
    expect(cleared.body).toMatchObject({ affiliateId: null, affiliateCode: null });
    const empty = await admin.patch(`/api/admin/promotion-codes/${id}`, {});
    expect(empty.status).toBe(400);
    expect(await auditCount('adminPromotions.update')).toBe(audited + 3);
  });

  it('someone who is not an administrator is refused', async () => {
    const aff = await enrolAffiliate(t);
    const u = await signUp(t);
    const made = await u.client.post('/api/admin/promotion-codes', {
      code: 'MINE10',
      percentOff: 10,
      affiliateId: aff.affiliateId,
    });
    expect(made.status).toBe(403);
    expect((await u.client.patch('/api/admin/promotion-codes/1', { affiliateId: aff.affiliateId })).status).toBe(403);
    expect((await u.client.get('/api/admin/promotion-codes')).status).toBe(403);
    expect(await codeNamed('MINE10')).toBeUndefined();
  });
});
