import { createInnerContext, sweepBilling } from '@t0/server';
import { sql } from 'kysely';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../src/deps';
import { FakeTelegramBotApi } from '../fakes/telegram-bot-api';
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

const kinds = await testDbKinds();
const WEBHOOK_SECRET = 'whsec_dunning_test_secret';
const TG_TOKEN = '7000000077:AAdunning-token_for-the-fake-bot-api';
const DAY_MS = 24 * 60 * 60 * 1000;
const API = 'https://api.stripe.com/v1';

// Stripe's API is outside this machine: msw answers the reads the webhook path makes.
const stripeApi = setupServer(
  http.get(`${API}/prices/:id`, ({ params }) => HttpResponse.json(stripePriceBody(params.id, 3900))),
);

let chatSeq = 710_000_000;

// A failed renewal: the subscriber hears of it (Telegram when linked, e-mail when the product sends
// the dunning e-mails), then reminders through the grace period, each once, none once paid.
describe.each(kinds)('dunning on %s', (kind) => {
  let t: TestApp;
  let tg: FakeTelegramBotApi;
  let smtp: FakeSmtp;
  let admin: TestClient;

  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    tg = new FakeTelegramBotApi(TG_TOKEN, { id: 7000000077, username: 'T0DunningBot' });
    smtp = await startSmtpServer();
    t = await startTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
      STRIPE_PRICE_MONTHLY: 'price_monthly_test',
      STRIPE_PRICE_YEARLY: 'price_yearly_test',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAST_DUE_GRACE_DAYS: '7',
      TELEGRAM_BOT_TOKEN: TG_TOKEN,
      TELEGRAM_API_ROOT: await tg.start(),
      TELEGRAM_BOT_USERNAME: 'T0DunningBot',
      TELEGRAM_WEBHOOK_SECRET: 'tg-dunning-secret_0123456789abcdef',
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    });
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await tg?.stop();
    await smtp?.close();
    stripeApi.close();
  });

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });

  const deliver = (evt: object) => deliverStripeEvent(t, WEBHOOK_SECRET, evt);

  /** A Stripe subscriber with a linked Telegram chat. */
  async function linkedSubscriber() {
    const u = await signUp(t, uniqueEmail('dunning'));
    const customer = newStripeId('cus');
    const sub = newStripeId('sub');
    await deliver(subscriptionCheckoutCompleted({ email: u.email, plan: 'monthly', customer, subscription: sub }));
    const user = await t.db.db
      .selectFrom('users')
      .select(['id', 'hasActiveSubscription'])
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(user.hasActiveSubscription).toBe(true);
    const chatId = String(chatSeq++);
    await t.db.db.insertInto('telegramLinks').values({ userId: user.id, chatId, username: null }).execute();
    return { ...u, id: user.id, customer, sub, chatId };
  }

  const invoiceEvent = (
    type: 'invoice.payment_failed' | 'invoice.paid',
    a: { customer: string; sub: string },
    created: number,
    extra: Record<string, unknown> = {},
  ) =>
    stripeEvent(
      type,
      {
        id: newStripeId('in'),
        object: 'invoice',
        customer: a.customer,
        status: type === 'invoice.paid' ? 'paid' : 'open',
        parent: { type: 'subscription_details', subscription_details: { subscription: a.sub, metadata: {} } },
        ...extra,
      },
      created,
    );

  const telegramTo = (chatId: string) =>
    tg
      .callsOf('sendMessage')
      .filter((c) => String(c.body.chat_id) === chatId)
      .map((c) => String(c.body.text));
  /** The billing e-mails an address received (the welcome e-mail left out). */
  const mailsTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && !m.subject.startsWith('Welcome'));
  /** Billing messages queued (in the outbox or the job queue) and not run yet. */
  const noticesPending = async () => {
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from outbox where relayed_at is null and job = 'billing-notice')
        + (select count(*) from pgboss.job where name = 'billing-notice' and state in ('created', 'retry', 'active'))
        as n`.execute(t.db.db);
    return Number(rows[0]!.n);
  };
  const settled = () => until(noticesPending, (n) => n === 0);

  async function setDunningEmails(value: 'stripe' | 't0') {
    const settings = await admin.get('/api/admin/site-settings');
    const { updatedAt: _u, defaultSupportEmail: _d, ...editable } = settings.body;
    const saved = await admin.request('PUT', '/api/admin/site-settings', { ...editable, dunningEmails: value });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.dunningEmails).toBe(value);
  }

  it("under Stripe's e-mails (the default with Stripe) sends the Telegram message with the invoice's link and no e-mail; a replay sends nothing", async () => {
    expect((await admin.get('/api/admin/site-settings')).body.dunningEmails).toBe('stripe');
    const a = await linkedSubscriber();
    const hosted = `https://invoice.stripe.com/i/acct_test/${a.sub}`;
    const failed = invoiceEvent('invoice.payment_failed', a, stripeNow(), { hosted_invoice_url: hosted });
    expect((await deliver(failed)).applied).toBe(true);
    const [message] = await until(
      () => telegramTo(a.chatId),
      (m) => m.length === 1,
    );
    expect(message).toContain('your payment failed');
    expect(message).toContain(hosted);
    await settled();
    expect(mailsTo(a.email)).toEqual([]);

    // Stripe delivers the same event again: applied once, told once.
    expect((await deliver(failed)).applied).toBe(false);
    await settled();
    expect(telegramTo(a.chatId)).toHaveLength(1);
    await deliver(invoiceEvent('invoice.paid', a, stripeNow() + 5));
  });

  it('under T0 e-mails sends the e-mail too, with the Billing link when the event carries no page', async () => {
    await setDunningEmails('t0');
    const a = await linkedSubscriber();
    try {
      expect((await deliver(invoiceEvent('invoice.payment_failed', a, stripeNow()))).applied).toBe(true);
      const [mail] = await until(
        () => mailsTo(a.email),
        (m) => m.length === 1,
      );
      const link = new URL('/profile?section=billing', t.config.publicUrl).toString();
      expect(mail!.subject).toBe('T0 Terminal: your payment failed');
      expect(mail!.text).toContain(link);
      const [message] = await until(
        () => telegramTo(a.chatId),
        (m) => m.length === 1,
      );
      expect(message).toContain(link);
      const log = await t.db.db
        .selectFrom('emailLog')
        .select(['kind', 'status'])
        .where('toAddress', '=', a.email)
        .where('kind', '!=', 'welcome')
        .execute();
      expect(log).toEqual([{ kind: 'payment_failed', status: 'sent' }]);
    } finally {
      await deliver(invoiceEvent('invoice.paid', a, stripeNow() + 5));
      await setDunningEmails('stripe');
    }
  });

  it('reminds 3 days and 1 day before access ends, each once, and not after the invoice is paid', async () => {
    const a = await linkedSubscriber();
    const b = await linkedSubscriber();
    const failedAt = stripeNow();
    await deliver(invoiceEvent('invoice.payment_failed', a, failedAt));
    await deliver(invoiceEvent('invoice.payment_failed', b, failedAt));
    await settled();
    expect(telegramTo(a.chatId)).toHaveLength(1);
    // `b` pays: past due no more.
    await deliver(invoiceEvent('invoice.paid', b, failedAt + 5));

    const at = (days: number) => new Date(failedAt * 1000 + days * DAY_MS + 1000);
    // Too early for the first (7-day grace: it falls on day 4).
    expect((await sweepBilling(ctx(), at(3.9))).dunningReminders).toBe(0);
    expect((await sweepBilling(ctx(), at(4))).dunningReminders).toBe(1);
    expect((await sweepBilling(ctx(), at(4.5))).dunningReminders).toBe(0);
    await settled();
    const afterFirst = telegramTo(a.chatId);
    expect(afterFirst).toHaveLength(2);
    expect(afterFirst[1]).toContain('your access ends in 3 days');
    expect((await sweepBilling(ctx(), at(6))).dunningReminders).toBe(1);
    expect((await sweepBilling(ctx(), at(6.5))).dunningReminders).toBe(0);
    await settled();
    expect(telegramTo(a.chatId)).toHaveLength(3);
    expect(telegramTo(a.chatId)[2]).toContain('your access ends in 1 day');
    // The paid one heard only of its failure.
    expect(telegramTo(b.chatId)).toHaveLength(1);
  });
});

// Win-back, in the test mode (its codes are the product's own): an ended subscription's account gets
// one single-use code, for it alone, some days after the end; a blacklisted or re-subscribed one nothing.
describe.each(kinds)('win-back on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    t = await startTestApp(kind, { PLAN_MONTHLY_PRICE: '40', PLAN_CURRENCY: 'eur' });
    admin = (await signUpAdmin(t)).client;
    const settings = await admin.get('/api/admin/site-settings');
    expect(settings.body.winBack).toEqual({ enabled: false, days: 14, percentOff: 20, durationMonths: 1 });
    expect(settings.body.dunningEmails).toBe('t0');
    const { updatedAt: _u, defaultSupportEmail: _d, ...editable } = settings.body;
    const bad = await admin.request('PUT', '/api/admin/site-settings', {
      ...editable,
      winBack: { enabled: true, days: 0, percentOff: 50, durationMonths: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['winBack.days']);
    const saved = await admin.request('PUT', '/api/admin/site-settings', {
      ...editable,
      winBack: { enabled: true, days: 14, percentOff: 50, durationMonths: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => t?.close());

  const ctx = () => createInnerContext({ db: t.db.db, ports: t.app.ports, settings: appSettings(t.config) });

  async function startCheckout(c: TestClient, email: string) {
    const started = await c.post('/api/create-checkout-session', { email, plan: 'monthly' });
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

  /** A test-mode subscriber who cancels (no reason given) and whose period is over: ended now. */
  async function endedSubscriber() {
    const u = await signUp(t, uniqueEmail('winback'));
    expect((await pay(u.client, await startCheckout(u.client, u.email))).status).toBe(303);
    const cancelled = await u.client.post('/api/billing/cancel', {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.summary).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: null });
    const user = await t.db.db
      .selectFrom('users')
      .select(['id', 'stripeSubscriptionId'])
      .where('email', '=', u.email)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('paymentSubscriptions')
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where('subscriptionId', '=', user.stripeSubscriptionId!)
      .execute();
    return { ...u, id: user.id };
  }
  const winBackMails = (email: string) => t.mailed().filter((m) => m.kind === 'win_back' && m.to === email);
  const codesOf = (userId: number) =>
    t.db.db.selectFrom('promotionCodes').selectAll().where('userId', '=', userId).execute();

  it('offers once, to the account that left, a code that only it can use and that takes the discount off', async () => {
    const left = await endedSubscriber();
    const blacklisted = await endedSubscriber();
    const back = await endedSubscriber();
    await sweepBilling(ctx());
    // Ended (by this sweep, or by the app's own billing sweep if it ran first).
    const access = await t.db.db
      .selectFrom('users')
      .select('hasActiveSubscription')
      .where('id', 'in', [left.id, blacklisted.id, back.id])
      .execute();
    expect(access.map((a) => a.hasActiveSubscription)).toEqual([false, false, false]);
    const added = await admin.post('/api/admin/blacklist', {
      kind: 'email',
      value: blacklisted.email,
      reason: 'Abuse',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // `back` subscribes again before the offer would go.
    expect((await pay(back.client, await startCheckout(back.client, back.email))).status).toBe(303);

    // Not before the days have passed; then once.
    expect((await sweepBilling(ctx(), new Date(Date.now() + 13 * DAY_MS))).winBackOffers).toBe(0);
    const later = new Date(Date.now() + 14 * DAY_MS + 60_000);
    expect((await sweepBilling(ctx(), later)).winBackOffers).toBe(1);
    expect((await sweepBilling(ctx(), later)).winBackOffers).toBe(0);

    const [code] = await codesOf(left.id);
    expect(code).toMatchObject({ percentOff: 50, maxRedemptions: 1, userId: left.id });
    expect(await codesOf(blacklisted.id)).toEqual([]);
    expect(await codesOf(back.id)).toEqual([]);
    const [mail] = await until(
      () => winBackMails(left.email),
      (m) => m.length === 1,
    );
    expect(mail!.subject).toBe('T0 Terminal: 50% off if you come back');
    expect(mail!.text).toContain(code!.code);
    expect(winBackMails(blacklisted.email)).toEqual([]);
    expect(winBackMails(back.email)).toEqual([]);

    // Another account cannot use it.
    const other = await signUp(t, uniqueEmail('winback-other'));
    const refused = await pay(other.client, await startCheckout(other.client, other.email), {
      promotionCode: code!.code,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('This promotion code is for another account');

    // The account that left checks out with it: half price.
    const again = await pay(left.client, await startCheckout(left.client, left.email), { promotionCode: code!.code });
    expect(again.status).toBe(303);
    const billing = (await left.client.get('/api/billing')).body;
    expect(billing.invoices[0]).toMatchObject({ amountCents: 2000, discountCents: 2000 });
    const redeemed = await t.db.db
      .selectFrom('promotionRedemptions')
      .select('email')
      .where('codeId', '=', code!.id)
      .execute();
    expect(redeemed).toEqual([{ email: left.email }]);
  });
});
