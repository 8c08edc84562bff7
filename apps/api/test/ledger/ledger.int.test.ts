import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTelegramBotApi } from '../fakes/telegram-bot-api';
import {
  chargeRefunded,
  deliverStripeEvent,
  invoicePaid,
  newStripeId,
  resentStripeEvent,
  stripeEvent,
  subscriptionCheckoutCompleted,
} from '../fakes/stripe-event';
import { signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, until, type TestApp } from '../harness';

// The money ledger and chargeback defence (docs/features/billing.md#ledger-and-disputes): Stripe's
// payments, refunds and disputes land once whatever the order and however often they come; a
// dispute ends access, leaves the paid chat and blacklists the card; the console's list and CSV.
// Stripe's API is faked by msw, Telegram's by a local fake.

const WEBHOOK_SECRET = 'whsec_ledger_secret';
const TOKEN = '7000000003:AAledger-token_for-the-fake-api';
const TG_SECRET = 'tg-ledger-secret_0123456789abcdef';
const PAID = '-1009876543211';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const API = 'https://api.stripe.com/v1';

/** What Stripe's API knows of each charge: its customer and the card's fingerprint. */
const charges = new Map<string, { customer: string; fingerprint: string }>();
/** The card that paid each checkout session (for the blacklist's check of a new checkout). */
const sessionCards = new Map<string, string>();
const asked = {
  cancelled: [] as string[],
  refunded: [] as string[],
  files: [] as string[],
  evidence: new Map<string, URLSearchParams>(),
};

const stripeApi = setupServer(
  http.get(`${API}/charges/:id`, ({ params }) => {
    const c = charges.get(String(params.id));
    if (!c) return HttpResponse.json({ error: { type: 'invalid_request_error' } }, { status: 404 });
    return HttpResponse.json({
      id: params.id,
      object: 'charge',
      customer: c.customer,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', fingerprint: c.fingerprint } },
    });
  }),
  http.delete(`${API}/subscriptions/:id`, ({ params }) => {
    asked.cancelled.push(String(params.id));
    return HttpResponse.json({ id: params.id, object: 'subscription', status: 'canceled' });
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
  http.get(`${API}/invoice_payments`, ({ request }) => {
    const invoice = new URL(request.url).searchParams.get('invoice') ?? '';
    const fingerprint = sessionCards.get(invoice.replace(/^in_for_/, '')) ?? 'FpSomeOtherCard01';
    return HttpResponse.json({
      object: 'list',
      has_more: false,
      data: [
        {
          id: newStripeId('inpay'),
          object: 'invoice_payment',
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: `pi_${invoice}`,
              object: 'payment_intent',
              payment_method: { id: 'pm_1', object: 'payment_method', card: { fingerprint } },
            },
          },
        },
      ],
    });
  }),
  http.post('https://files.stripe.com/v1/files', async ({ request }) => {
    asked.files.push(await request.text());
    return HttpResponse.json({ id: `file_${asked.files.length}`, object: 'file', purpose: 'dispute_evidence' });
  }),
  http.post(`${API}/disputes/:id`, async ({ params, request }) => {
    asked.evidence.set(String(params.id), new URLSearchParams(await request.text()));
    return HttpResponse.json({ id: params.id, object: 'dispute', status: 'under_review' });
  }),
  http.post(`${API}/refunds`, async ({ request }) => {
    asked.refunded.push(new URLSearchParams(await request.text()).get('payment_intent') ?? '');
    return HttpResponse.json({ id: newStripeId('re'), object: 'refund', status: 'succeeded' });
  }),
);

const dispute = (
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  id: string,
  charge: string,
  status: string,
) => stripeEvent(type, { id, object: 'dispute', charge, amount: 4900, currency: 'usd', status, reason: 'fraudulent' });

describe.each(await testDbKinds())('the ledger and disputes on %s', (kind) => {
  let t: TestApp;
  let tg: FakeTelegramBotApi;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;

  const deliver = (evt: object) => deliverStripeEvent(t, WEBHOOK_SECRET, evt);
  const again = resentStripeEvent;
  const entriesOfCharge = (charge: string) =>
    t.db.db
      .selectFrom('ledgerEntries')
      .select([
        'id',
        'kind',
        'providerObjectId',
        'amount',
        'currency',
        'fee',
        'userId',
        'reportingAmount',
        'reportingRate',
      ])
      .where('chargeId', '=', charge)
      .orderBy('kind')
      .orderBy('providerObjectId')
      .execute();

  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    tg = new FakeTelegramBotApi(TOKEN, { id: 7000000003, username: 'T0LedgerBot' });
    const tgUrl = await tg.start();
    t = await startTestApp(kind, {
      ...STRIPE_ENV,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
      TELEGRAM_API_ROOT: tgUrl,
      TELEGRAM_PAID_CHAT_ID: PAID,
      COMMUNITY_TASKS_EVERY_MS: '500',
      PRICE_REFRESH_MS: '3600000',
    });
    admin = await signUpAdmin(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await tg?.stop();
    stripeApi.close();
  });

  it('records every payment, refund and dispute once, sent twice and out of order', async () => {
    const email = uniqueEmail('ledger');
    const [customer, subscription, charge] = [newStripeId('cus'), newStripeId('sub'), newStripeId('ch')];
    charges.set(charge, { customer, fingerprint: newStripeId('Fp') });
    const events = {
      checkout: subscriptionCheckoutCompleted({ email, plan: 'monthly', customer, subscription }),
      paid: invoicePaid({ subscription, customer, charge, amount: 4900 }),
      refund1: chargeRefunded(charge, customer, [{ id: `re_${charge}_1`, amount: 500 }]),
      refund2: chargeRefunded(charge, customer, [
        { id: `re_${charge}_1`, amount: 500 },
        { id: `re_${charge}_2`, amount: 700 },
      ]),
      won: dispute('charge.dispute.closed', `dp_${charge}`, charge, 'won'),
      opened: dispute('charge.dispute.created', `dp_${charge}`, charge, 'needs_response'),
    };
    // The end first: the dispute's close, the refunds, the opening; then the payment and the checkout.
    for (const evt of [events.won, events.refund2, events.refund1, events.opened, events.paid, events.checkout])
      await deliver(evt);
    // The same event again is applied once; the same objects under new event ids change nothing.
    expect((await deliver(events.paid)).applied).toBe(false);
    for (const evt of Object.values(events)) await deliver(again(evt));

    const rows = await entriesOfCharge(charge);
    expect(rows.map((r) => [r.kind, r.providerObjectId, r.amount])).toEqual([
      ['dispute_opened', `dp_${charge}`, 4900],
      ['dispute_won', `dp_${charge}`, 4900],
      ['payment', charge, 4900],
      ['refund', `re_${charge}_1`, 500],
      ['refund', `re_${charge}_2`, 700],
    ]);
    const payment = rows.find((r) => r.kind === 'payment')!;
    expect(payment).toMatchObject({ currency: 'USD', fee: 172, reportingAmount: 4900 });
    expect(Number(payment.reportingRate)).toBe(1);
    // The buyer, known once the checkout came, is on the payment.
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(payment.userId).toBe(user.id);
  });

  it('keeps no invented rate for a payment in another currency', async () => {
    const [customer, subscription, charge] = [newStripeId('cus'), newStripeId('sub'), newStripeId('ch')];
    await deliver(invoicePaid({ subscription, customer, charge, amount: 3900, currency: 'eur' }));
    const [row] = await entriesOfCharge(charge);
    expect(row).toMatchObject({
      kind: 'payment',
      currency: 'EUR',
      amount: 3900,
      reportingAmount: null,
      reportingRate: null,
    });
  });

  it('a dispute ends access at once, removes the member from the paid chat and blacklists the card', async () => {
    const u = await signUp(t);
    const [customer, subscription, charge] = [newStripeId('cus'), newStripeId('sub'), newStripeId('ch')];
    const fingerprint = `FpDisputed${Date.now().toString(36)}`;
    charges.set(charge, { customer, fingerprint });
    await deliver(subscriptionCheckoutCompleted({ email: u.email, plan: 'monthly', customer, subscription }));
    await deliver(invoicePaid({ subscription, customer, charge, amount: 4900 }));
    expect((await u.client.get('/api/user/price-alerts')).status).toBe(200);
    // In the paid chat, as recorded and as Telegram has it.
    const chatUser = 640_000_000 + u.id;
    await t.db.db
      .insertInto('communityMembers')
      .values({ platform: 'telegram', target: PAID, externalId: String(chatUser), userId: u.id, status: 'member' })
      .execute();
    tg.members.set(PAID, new Map([[chatUser, 'member']]));

    const opened = dispute('charge.dispute.created', `dp_${charge}`, charge, 'needs_response');
    await deliver(opened);
    await deliver(again(opened));

    expect((await u.client.get('/api/user/price-alerts')).status).toBe(403);
    const sub = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select('status')
      .where('subscriptionId', '=', subscription)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('canceled');
    expect(asked.cancelled.filter((s) => s === subscription)).toHaveLength(1);
    await until(
      () => tg.callsOf('banChatMember').filter((c) => Number(c.body.user_id) === chatUser),
      (l) => l.length === 1,
      30_000,
      100,
    );
    expect(tg.callsOf('banChatMember').find((c) => Number(c.body.user_id) === chatUser)!.body.chat_id).toBe(PAID);

    const entry = await t.db.db
      .selectFrom('blacklistedEmails')
      .select(['kind', 'value', 'reason', 'userId', 'blacklistedBy'])
      .where('value', '=', fingerprint)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      kind: 'card',
      value: fingerprint,
      reason: 'dispute',
      userId: u.id,
      blacklistedBy: 'system',
    });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['actorEmail', 'action', 'after'])
      .where('actorEmail', '=', 'system')
      .where('action', 'in', ['blacklist.add', 'billing.disputeEndedAccess'])
      .where(({ eb, ref }) => eb(ref('after'), 'is not', null))
      .execute();
    expect(
      audit
        .filter((a) => JSON.stringify(a.after).includes(`dp_${charge}`))
        .map((a) => a.action)
        .sort(),
    ).toEqual(['billing.disputeEndedAccess', 'blacklist.add']);
    const [disputeRow] = (await entriesOfCharge(charge)).filter((r) => r.kind === 'dispute_opened');
    expect(disputeRow!.userId).toBe(u.id);

    // The evidence: the buyer's sign-ins with their addresses, the chat joined, the refund policy; sent to Stripe.
    const evidence = await admin.client.get(`/api/admin/disputes/${disputeRow!.id}/evidence`);
    expect(evidence.status, JSON.stringify(evidence.body)).toBe(200);
    expect(evidence.body).toMatchObject({ disputeId: `dp_${charge}`, customerEmailAddress: u.email, userId: u.id });
    expect(evidence.body.signIns.length).toBeGreaterThan(0);
    expect(evidence.body.accessActivityLog).toContain(evidence.body.signIns[0].address);
    expect(evidence.body.chatJoins).toEqual([expect.objectContaining({ platform: 'telegram', target: PAID })]);
    expect(evidence.body.serviceDocumentation).toContain(`joined telegram ${PAID}`);
    const submitted = await admin.client.post(`/api/admin/disputes/${disputeRow!.id}/evidence/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const sent = asked.evidence.get(`dp_${charge}`)!;
    expect(sent.get('submit')).toBe('true');
    expect(sent.get('evidence[access_activity_log]')).toBe(evidence.body.accessActivityLog);
    expect(sent.get('evidence[refund_policy_disclosure]')).toBe(evidence.body.refundPolicyDisclosure);
    expect(sent.get('evidence[customer_email_address]')).toBe(u.email);
    expect(sent.get('evidence[service_documentation]')).toBe(`file_${asked.files.length}`);
    expect(asked.files.at(-1)).toContain('dispute_evidence');
    // Submitted once: the evidence says when and by whom; a second submission is refused and sends nothing.
    expect(submitted.body.submission).toMatchObject({ sentToProvider: true, submittedBy: admin.email });
    const shown = await admin.client.get(`/api/admin/disputes/${disputeRow!.id}/evidence`);
    expect(shown.body.submission).toEqual(submitted.body.submission);
    asked.evidence.delete(`dp_${charge}`);
    expect((await admin.client.post(`/api/admin/disputes/${disputeRow!.id}/evidence/submit`)).status).toBe(409);
    expect(asked.evidence.has(`dp_${charge}`)).toBe(false);
    expect((await admin.client.get('/api/admin/disputes/999999/evidence')).status).toBe(404);
    expect((await u.client.get(`/api/admin/disputes/${disputeRow!.id}/evidence`)).status).toBe(403);

    // The disputed card cannot buy again: the next checkout paid with it is refunded and grants nothing.
    const buyer = uniqueEmail('again');
    const checkout = subscriptionCheckoutCompleted({
      email: buyer,
      plan: 'monthly',
      customer: newStripeId('cus'),
      subscription: newStripeId('sub'),
    });
    sessionCards.set((checkout.data.object as { id: string }).id, fingerprint);
    await deliver(checkout);
    expect(asked.refunded).toContain(`pi_in_for_${(checkout.data.object as { id: string }).id}`);
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', buyer).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lists the ledger to administrators, filtered and paged, with the dispute rate and a CSV', async () => {
    const all = await admin.client.get('/api/admin/ledger?pageSize=200');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const counts = await t.db.db
      .selectFrom('ledgerEntries')
      .select(['kind'])
      .execute()
      .then((rows) => rows.length);
    expect(all.body.total).toBe(counts);
    expect(all.body.reportingCurrency).toBe('USD');
    // This month: the payments and disputes opened by the tests above (their events are dated now).
    const rate = all.body.disputeRate;
    expect(rate.payments).toBe(all.body.entries.filter((e: { kind: string }) => e.kind === 'payment').length);
    expect(rate.disputesOpened).toBe(2);
    expect(rate.ratePercent).toBe(Math.round((2 / rate.payments) * 10_000) / 100);
    expect(rate).toMatchObject({ alertPercent: 0.75, alert: true });

    const disputes = await admin.client.get('/api/admin/ledger?kind=dispute_opened');
    expect(disputes.body.entries).toHaveLength(2);
    expect(disputes.body.entries.every((e: { dispute: boolean }) => e.dispute)).toBe(true);
    const page = await admin.client.get('/api/admin/ledger?kind=payment&pageSize=1&page=2');
    expect(page.body).toMatchObject({ page: 2, pageSize: 1, total: rate.payments });
    expect(page.body.entries).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin.client.get(`/api/admin/ledger?from=${tomorrow}`)).body.total).toBe(0);
    const userId = disputes.body.entries.find((e: { userId: number | null }) => e.userId)!.userId;
    const mine = await admin.client.get(`/api/admin/ledger?userId=${userId}`);
    expect(mine.body.entries.length).toBeGreaterThan(0);
    expect(mine.body.entries.every((e: { userId: number }) => e.userId === userId)).toBe(true);

    const csv = await admin.client.get('/api/admin/ledger/export?kind=refund');
    expect(csv.status).toBe(200);
    const lines = (csv.body.csv as string).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,kind,occurred_at,user_id,user_email,amount,currency,fee,/);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['refund', 'refund']);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[5])
        .sort(),
    ).toEqual(['5.00', '7.00']);
    expect(csv.body).toMatchObject({ rows: 2, filename: expect.stringMatching(/^t0-ledger-\d{4}-\d{2}-\d{2}\.csv$/) });

    // The threshold is a site setting: above the rate, no alert.
    const settings = await admin.client.get('/api/admin/site-settings');
    expect(settings.body.disputeRateAlertPercent).toBe(0.75);
    const { updatedAt: _u, defaultSupportEmail: _d, ...editable } = settings.body;
    const raised = await admin.client.request('PUT', '/api/admin/site-settings', {
      ...editable,
      disputeRateAlertPercent: 90,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await admin.client.get('/api/admin/ledger')).body.disputeRate).toMatchObject({
      alertPercent: 90,
      alert: false,
    });
    const badSetting = await admin.client.request('PUT', '/api/admin/site-settings', {
      ...editable,
      disputeRateAlertPercent: 0,
    });
    expect(badSetting.body.fields.map((f: { path: string }) => f.path)).toEqual(['disputeRateAlertPercent']);

    const bad = await admin.client.get('/api/admin/ledger?kind=chargeback');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['kind']);
    const badDate = await admin.client.get('/api/admin/ledger?from=yesterday');
    expect(badDate.body.fields.map((f: { path: string }) => f.path)).toEqual(['from']);
    const user = await signUp(t);
    expect((await user.client.get('/api/admin/ledger')).status).toBe(403);
    expect((await user.client.get('/api/admin/ledger/export')).status).toBe(403);
  });
});
