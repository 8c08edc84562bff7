import { randomBytes } from 'node:crypto';
import { WIN_BACK_CODE_DAYS } from '@t0/contracts/domain/billing/dunning';
import { createInnerContext, makeWinBackOffer, sweepBilling } from '@t0/server';
import { sql } from 'kysely';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import {
  deliverStripeEvent,
  newStripeId,
  stripeEvent,
  stripeNow,
  subscriptionCheckoutCompleted,
  stripePriceBody,
} from '../fakes/stripe-event';
import {
  signUp,
  signUpAdmin,
  startTestApp,
  testDbKinds,
  uniqueEmail,
  until,
  type TestApp,
  type TestClient,
} from '../harness';
import { startSmtpServer, type FakeSmtp } from '../smtp';

// Win-back under Stripe: an ended Stripe subscription's account gets a Stripe coupon (repeating for
// the set months) and a promotion code on it for its customer alone, made by a job outside any
// transaction, then recorded and e-mailed; once, whatever Stripe answers meanwhile. The test mode's
// side is dunning.int.test.ts.

const kinds = await testDbKinds();
const WEBHOOK_SECRET = 'whsec_win_back_stripe_secret';
const DAY_MS = 24 * 60 * 60 * 1000;
const API = 'https://api.stripe.com/v1';

interface Made {
  id: string;
  key: string | null;
  params: URLSearchParams;
}

/**
 * Stripe's API, faked: what was asked (every request, with its idempotency key) and what was made
 * (an object per idempotency key, as Stripe does: a request again under the same key answers the
 * object made the first time). `failPromotionCodes` answers 500 to promotion codes, made nothing;
 * `refuseCoupons` answers 400 (a bad request) to coupons.
 */
const stripe = {
  requests: [] as Array<{ path: string; key: string | null }>,
  coupons: [] as Made[],
  promotionCodes: [] as Made[],
  sessions: [] as URLSearchParams[],
  failPromotionCodes: false,
  refuseCoupons: false,
};

function idempotent(list: Made[], prefix: string, object: string, extra: (p: URLSearchParams, id: string) => object) {
  return async ({ request }: { request: Request }) => {
    const key = request.headers.get('idempotency-key');
    const params = new URLSearchParams(await request.text());
    stripe.requests.push({ path: new URL(request.url).pathname, key });
    if (object === 'coupon' && stripe.refuseCoupons)
      return HttpResponse.json(
        {
          error: {
            type: 'invalid_request_error',
            param: 'redeem_by',
            message: 'Invalid timestamp: must be an integer Unix timestamp in the future.',
          },
        },
        { status: 400 },
      );
    if (object === 'promotion_code' && stripe.failPromotionCodes)
      return HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is having a moment' } }, { status: 500 });
    let made = key ? list.find((m) => m.key === key) : undefined;
    if (!made) {
      made = { id: `${prefix}_${randomBytes(6).toString('hex')}`, key, params };
      list.push(made);
    }
    return HttpResponse.json({ id: made.id, object, ...extra(made.params, made.id) });
  };
}

const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) => HttpResponse.json(stripePriceBody(params.id, 3900))),
  http.post(
    `${API}/coupons`,
    idempotent(stripe.coupons, 'cpn', 'coupon', (p) => ({
      percent_off: Number(p.get('percent_off')),
      duration: p.get('duration'),
      duration_in_months: Number(p.get('duration_in_months')),
    })),
  ),
  http.post(
    `${API}/promotion_codes`,
    idempotent(stripe.promotionCodes, 'promo', 'promotion_code', (p) => ({
      code: p.get('code'),
      customer: p.get('customer'),
      active: true,
    })),
  ),
  http.post(`${API}/checkout/sessions`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    stripe.sessions.push(body);
    const id = `cs_test_${randomBytes(6).toString('hex')}`;
    return HttpResponse.json({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
  }),
);

describe.each(kinds)('win-back under Stripe on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: TestClient;

  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    smtp = await startSmtpServer();
    t = await startTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
      STRIPE_PRICE_MONTHLY: 'price_monthly_test',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
    const settings = await admin.get('/api/admin/site-settings');
    const { updatedAt: _u, defaultSupportEmail: _d, ...editable } = settings.body;
    const saved = await admin.request('PUT', '/api/admin/site-settings', {
      ...editable,
      winBack: { enabled: true, days: 14, percentOff: 30, durationMonths: 3 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterEach(() => {
    stripe.failPromotionCodes = false;
    stripe.refuseCoupons = false;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    stripeApi.close();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });
  const deliver = (evt: object) => deliverStripeEvent(t, WEBHOOK_SECRET, evt);

  /** A Stripe subscriber whose subscription Stripe ended now (`customer: null`: a checkout without a customer). */
  async function endedSubscriber(o: { customer?: string | null } = {}) {
    const u = await signUp(t, uniqueEmail('winback-stripe'));
    const customer = o.customer === undefined ? newStripeId('cus') : o.customer;
    const sub = newStripeId('sub');
    const checkout = subscriptionCheckoutCompleted({
      email: u.email,
      plan: 'monthly',
      customer: customer ?? '',
      subscription: sub,
    });
    if (customer === null) (checkout.data.object as Record<string, unknown>).customer = null;
    await deliver(checkout);
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        {
          id: sub,
          object: 'subscription',
          customer,
          status: 'canceled',
          metadata: { email: u.email, plan: 'monthly' },
        },
        stripeNow() + 1,
      ),
    );
    const user = await t.db.db
      .selectFrom('users')
      .select(['id', 'hasActiveSubscription'])
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(user.hasActiveSubscription).toBe(false);
    return { ...u, id: user.id, customer, sub };
  }

  const offerDay = () => new Date(Date.now() + 14 * DAY_MS + 60_000);
  const winBackMails = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.subject.includes('if you come back'));
  const codesOf = (userId: number) =>
    t.db.db.selectFrom('promotionCodes').selectAll().where('userId', '=', userId).execute();
  const madeFor = (list: Made[], sub: string) => list.filter((m) => m.params.get('metadata[subscriptionId]') === sub);
  const requestsFor = (sub: string) => stripe.requests.filter((r) => r.key?.startsWith(`t0-win-back-${sub}-`));
  /** The win-back-offer jobs of one subscription, by state. */
  const offerJobs = async (sub: string) =>
    (
      await sql<{ state: string }>`
        select state from pgboss.job where name = 'win-back-offer' and data->>'subscriptionId' = ${sub}`.execute(
        t.db.db,
      )
    ).rows.map((r) => r.state);
  /**
   * A subscriber who left, offered while Stripe fails on promotion codes: the coupon is made, the
   * promotion code refused, and the offer's job waits for its retry.
   */
  async function offeredWhileStripeFails() {
    const left = await endedSubscriber();
    stripe.failPromotionCodes = true;
    expect((await sweepBilling(ctx(), offerDay())).winBackOffers).toBe(1);
    await until(
      () => offerJobs(left.sub),
      (s) => s.includes('retry'),
      30_000,
    );
    return left;
  }

  /** The subscription's row once its offer is marked not made (by the given-up queue's worker). */
  const markedNotMade = (sub: string, timeoutMs = 30_000) =>
    until(
      () =>
        t.db.db
          .selectFrom('paymentSubscriptions')
          .select(['winBackFailedAt', 'winBackFailure'])
          .where('subscriptionId', '=', sub)
          .executeTakeFirstOrThrow(),
      (r) => r.winBackFailedAt !== null,
      timeoutMs,
    );
  /** Win-back jobs and messages queued (in the outbox or the job queue) and not run yet. */
  const settled = () =>
    until(
      async () => {
        const { rows } = await sql<{ n: number }>`
          select (select count(*) from outbox where relayed_at is null and job in ('billing-notice', 'win-back-offer'))
            + (select count(*) from pgboss.job where name in ('billing-notice', 'win-back-offer')
                and state in ('created', 'retry', 'active')) as n`.execute(t.db.db);
        return Number(rows[0]!.n);
      },
      (n) => n === 0,
      30_000,
    );

  it('makes one coupon and one promotion code in Stripe for the account that left, and e-mails the code; nothing twice', async () => {
    const left = await endedSubscriber();
    const blacklisted = await endedSubscriber();
    const back = await endedSubscriber();
    const noCustomer = await endedSubscriber({ customer: null });
    const added = await admin.post('/api/admin/blacklist', {
      kind: 'email',
      value: blacklisted.email,
      reason: 'Abuse',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // `back` subscribes again before the offer would go.
    await deliver(
      subscriptionCheckoutCompleted({
        email: back.email,
        plan: 'monthly',
        customer: back.customer!,
        subscription: newStripeId('sub'),
      }),
    );

    expect((await sweepBilling(ctx(), new Date(Date.now() + 13 * DAY_MS))).winBackOffers).toBe(0);
    const at = offerDay();
    expect((await sweepBilling(ctx(), at)).winBackOffers).toBe(1);
    const [mail] = await until(
      () => winBackMails(left.email),
      (m) => m.length === 1,
    );
    await settled();

    // In Stripe: one coupon, repeating for the set months, once, until the code's expiry; one code on it, for the customer.
    const [coupon] = madeFor(stripe.coupons, left.sub);
    const [promo] = madeFor(stripe.promotionCodes, left.sub);
    expect(madeFor(stripe.coupons, left.sub)).toHaveLength(1);
    expect(madeFor(stripe.promotionCodes, left.sub)).toHaveLength(1);
    const expiresAt = Math.floor((at.getTime() + WIN_BACK_CODE_DAYS * DAY_MS) / 1000);
    expect(Object.fromEntries(coupon!.params)).toEqual({
      name: 'Win-back 30% off',
      percent_off: '30',
      duration: 'repeating',
      duration_in_months: '3',
      max_redemptions: '1',
      redeem_by: String(expiresAt),
      'metadata[offer]': 'win_back',
      'metadata[userId]': String(left.id),
      'metadata[subscriptionId]': left.sub,
    });
    expect(coupon!.key).toBe(`t0-win-back-${left.sub}-coupon`);
    const [local] = await codesOf(left.id);
    expect(local).toMatchObject({
      percentOff: 30,
      maxRedemptions: 1,
      userId: left.id,
      stripePromotionCodeId: promo!.id,
    });
    expect(Math.floor(local!.expiresAt!.getTime() / 1000)).toBe(expiresAt);
    expect(local!.code).toMatch(/^BACK-[A-Z2-9]{8}$/);
    expect(Object.fromEntries(promo!.params)).toEqual({
      'promotion[type]': 'coupon',
      'promotion[coupon]': coupon!.id,
      code: local!.code,
      customer: left.customer,
      max_redemptions: '1',
      expires_at: String(expiresAt),
      'metadata[offer]': 'win_back',
      'metadata[userId]': String(left.id),
      'metadata[subscriptionId]': left.sub,
    });
    expect(promo!.key).toBe(`t0-win-back-${left.sub}-promotion-code`);

    // The message carries the code, and the months Stripe's coupon repeats for.
    expect(mail!.subject).toBe('T0 Terminal: 30% off if you come back');
    expect(mail!.text).toContain(local!.code);
    expect(mail!.text).toContain('30% off for 3 months');

    // The others: nothing made, nothing sent (the one without a customer is passed over once).
    for (const other of [blacklisted, back, noCustomer]) {
      expect(madeFor(stripe.coupons, other.sub), other.email).toEqual([]);
      expect(await codesOf(other.id)).toEqual([]);
      expect(winBackMails(other.email)).toEqual([]);
    }
    const claimed = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select('winBackOfferedAt')
      .where('subscriptionId', '=', noCustomer.sub)
      .executeTakeFirstOrThrow();
    expect(claimed.winBackOfferedAt).toBeInstanceOf(Date);

    // A second sweep makes nothing; the job run again (a retry after its commit) neither.
    const asked = stripe.requests.length;
    expect((await sweepBilling(ctx(), at)).winBackOffers).toBe(0);
    const again = await makeWinBackOffer(ctx(), {
      userId: left.id,
      subscriptionId: left.sub,
      customerId: left.customer!,
      code: local!.code,
      percentOff: 30,
      durationMonths: 3,
      expiresAt: local!.expiresAt!.toISOString(),
    });
    expect(again).toBe('made-before');
    await settled();
    expect(stripe.requests.length).toBe(asked);
    expect(await codesOf(left.id)).toHaveLength(1);
    expect(winBackMails(left.email)).toHaveLength(1);
  });

  it('sends nothing while Stripe fails; the retry makes one code, under the same keys, and one message', async () => {
    const left = await offeredWhileStripeFails();
    expect(madeFor(stripe.coupons, left.sub)).toHaveLength(1);
    expect(madeFor(stripe.promotionCodes, left.sub)).toEqual([]);
    expect(await codesOf(left.id)).toEqual([]);
    expect(winBackMails(left.email)).toEqual([]);

    stripe.failPromotionCodes = false;
    const [mail] = await until(
      () => winBackMails(left.email),
      (m) => m.length === 1,
      30_000,
    );
    await settled();
    expect(await offerJobs(left.sub)).toEqual(['completed']);
    // Asked again under the same keys: the coupon is the one made the first time.
    const keys = new Set(requestsFor(left.sub).map((r) => r.key));
    expect(keys).toEqual(new Set([`t0-win-back-${left.sub}-coupon`, `t0-win-back-${left.sub}-promotion-code`]));
    expect(requestsFor(left.sub).filter((r) => r.path === '/v1/coupons').length).toBeGreaterThan(1);
    expect(madeFor(stripe.coupons, left.sub)).toHaveLength(1);
    const [promo] = madeFor(stripe.promotionCodes, left.sub);
    expect(madeFor(stripe.promotionCodes, left.sub)).toHaveLength(1);
    expect(promo!.params.get('promotion[coupon]')).toBe(madeFor(stripe.coupons, left.sub)[0]!.id);
    const codes = await codesOf(left.id);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.stripePromotionCodeId).toBe(promo!.id);
    expect(mail!.text).toContain(codes[0]!.code);
    expect(winBackMails(left.email)).toHaveLength(1);
  });

  it('marks an offer whose tries ran out while Stripe failed as not made, and the console lists it', async () => {
    const left = await offeredWhileStripeFails();
    // Its last try now, not the 15th about a day later: the job may run twice in all.
    const shortened = await sql`
      update pgboss.job set retry_limit = 1, start_after = now()
      where name = 'win-back-offer' and state = 'retry' and data->>'subscriptionId' = ${left.sub}`.execute(t.db.db);
    expect(Number(shortened.numAffectedRows)).toBe(1);
    await until(
      () => offerJobs(left.sub),
      (s) => s.length === 1 && s[0] === 'failed',
      30_000,
    );
    // The failed job is copied to its given-up queue, whose worker marks the subscription.
    const row = await markedNotMade(left.sub);
    expect(row.winBackFailedAt).toBeInstanceOf(Date);
    expect(row.winBackFailure).toMatch(/^Not made after 2 tries; the last failed with: .*Stripe is having a moment/);
    expect(madeFor(stripe.promotionCodes, left.sub)).toEqual([]);
    expect(await codesOf(left.id)).toEqual([]);
    expect(winBackMails(left.email)).toEqual([]);
    const listed = (await admin.get('/api/admin/promotion-codes')).body.winBackFailures as Array<{
      subscriptionId: string;
      failure: string;
    }>;
    expect(listed.find((f) => f.subscriptionId === left.sub)?.failure).toBe(row.winBackFailure);

    // Stripe answering again changes nothing: the offer stays claimed, and is not made.
    stripe.failPromotionCodes = false;
    expect((await sweepBilling(ctx(), offerDay())).winBackOffers).toBe(0);
    await settled();
    expect(madeFor(stripe.promotionCodes, left.sub)).toEqual([]);
    expect(winBackMails(left.email)).toEqual([]);
  });

  it('marks an offer not made when its last try outlived its expiry in a process that died', async () => {
    const left = await offeredWhileStripeFails();
    // As a process killed in the middle of the job's last try leaves it: active, long started.
    const held = await sql`
      update pgboss.job set state = 'active', started_on = now() - interval '1 hour',
        expire_in = interval '1 second', retry_limit = retry_count
      where name = 'win-back-offer' and state = 'retry' and data->>'subscriptionId' = ${left.sub}`.execute(t.db.db);
    expect(Number(held.numAffectedRows)).toBe(1);
    // pg-boss's maintenance (every 10 s) fails it by timeout; the given-up queue's worker marks it.
    const row = await markedNotMade(left.sub, 40_000);
    expect(row.winBackFailure).toBe(
      'Not made after 1 try; the last failed with: job failed by timeout in active state',
    );
    expect(await offerJobs(left.sub)).toEqual(['failed']);
    expect(winBackMails(left.email)).toEqual([]);
  }, 60_000);

  it('takes a 400 from Stripe as final: logged on the subscription, not tried again, nothing made or sent', async () => {
    const left = await endedSubscriber();
    stripe.refuseCoupons = true;
    expect((await sweepBilling(ctx(), offerDay())).winBackOffers).toBe(1);
    // The job ends at once (no retry waits): the refusal is kept on the subscription's row.
    await until(
      () => offerJobs(left.sub),
      (s) => s.length === 1 && s[0] === 'completed',
      30_000,
    );
    await settled();
    expect(await offerJobs(left.sub)).toEqual(['completed']);
    const row = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select(['winBackOfferedAt', 'winBackFailedAt', 'winBackFailure'])
      .where('subscriptionId', '=', left.sub)
      .executeTakeFirstOrThrow();
    expect(row.winBackOfferedAt).toBeInstanceOf(Date);
    expect(row.winBackFailedAt).toBeInstanceOf(Date);
    expect(row.winBackFailure).toBe(
      'Stripe refused the coupon (400): Invalid timestamp: must be an integer Unix timestamp in the future.',
    );
    // Asked once: the coupon refused, no promotion code asked for, nothing recorded, nothing sent.
    expect(requestsFor(left.sub).map((r) => r.path)).toEqual(['/v1/coupons']);
    expect(madeFor(stripe.coupons, left.sub)).toEqual([]);
    expect(madeFor(stripe.promotionCodes, left.sub)).toEqual([]);
    expect(await codesOf(left.id)).toEqual([]);
    expect(winBackMails(left.email)).toEqual([]);
    // The console lists the refusal with the codes, newest first; a subscriber may not read it.
    const listed = await admin.get('/api/admin/promotion-codes');
    expect(listed.status).toBe(200);
    expect(listed.body.winBackFailures[0]).toEqual({
      email: left.email.toLowerCase(),
      subscriptionId: left.sub,
      endedAt: expect.any(String),
      failedAt: row.winBackFailedAt!.toISOString(),
      failure: row.winBackFailure,
    });
    expect((await (await signUp(t)).client.get('/api/admin/promotion-codes')).status).toBe(403);

    // Stripe answering again later changes nothing: the offer is not made by a later sweep.
    stripe.refuseCoupons = false;
    expect((await sweepBilling(ctx(), offerDay())).winBackOffers).toBe(0);
    await settled();
    expect(requestsFor(left.sub)).toHaveLength(1);
    expect(winBackMails(left.email)).toEqual([]);
  });

  it("opens the returning subscriber's checkout as their Stripe customer, with promotion codes allowed; not for another caller", async () => {
    const left = await endedSubscriber();
    const before = stripe.sessions.length;
    const own = await left.client.post('/api/create-checkout-session', { email: left.email, plan: 'monthly' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const session = stripe.sessions[before]!;
    expect(session.get('customer')).toBe(left.customer);
    expect(session.get('customer_email')).toBeNull();
    expect(session.get('allow_promotion_codes')).toBe('true');

    // Started by someone else for that address: a checkout by address, never as the customer.
    const other = await t.client().post('/api/create-checkout-session', { email: left.email, plan: 'monthly' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const anonymous = stripe.sessions[before + 1]!;
    expect(anonymous.get('customer')).toBeNull();
    expect(anonymous.get('customer_email')).toBe(left.email);
    expect(anonymous.get('allow_promotion_codes')).toBe('true');
  });
});
