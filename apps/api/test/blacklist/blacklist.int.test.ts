import { createParser } from 'eventsource-parser';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, type TestApp } from '../harness';
import { newStripeId, stripeEvent, subscriptionCheckoutCompleted } from '../fakes/stripe-event';

// The blacklist (docs/features/console-users.md#blacklist): the console's entries, blacklisting an
// account, and what a blacklisted person is refused. Stripe is faked by msw.

const WEBHOOK_SECRET = 'whsec_blacklist_secret';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
  STRIPE_PRICE_MONTHLY: 'price_monthly_test',
  STRIPE_PRICE_YEARLY: 'price_yearly_test',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
const API = 'https://api.stripe.com/v1';
const BLOCKED_CARD = 'FpBlockedCard0001';
const REFUSAL = 'This account cannot be used here.';

const asked = { sessions: 0, refunds: [] as URLSearchParams[], cancelled: [] as string[] };
/** Checkout sessions paid with another card than the blocked one: the session's id → the card's fingerprint. */
const paidWith = new Map<string, string>();
const stripeApi = setupServer(
  http.post(`${API}/checkout/sessions`, () => {
    asked.sessions++;
    return HttpResponse.json({ error: { type: 'invalid_request_error' } }, { status: 400 });
  }),
  // The completed subscription checkout: its first invoice was paid with the blocked card (or, for a
  // session of `paidWith`, with that card, told as Stripe tells it on the intent's latest charge).
  http.get(`${API}/checkout/sessions/:id`, ({ params }) =>
    HttpResponse.json({
      id: params.id,
      object: 'checkout.session',
      mode: 'subscription',
      payment_intent: null,
      invoice: paidWith.has(String(params.id)) ? `in_${String(params.id)}` : 'in_blacklist_1',
      subscription: { id: 'sub_x', object: 'subscription', default_payment_method: null },
    }),
  ),
  http.get(`${API}/invoice_payments`, ({ request }) => {
    const invoice = new URL(request.url).searchParams.get('invoice') ?? '';
    const card = paidWith.get(invoice.replace(/^in_/, ''));
    if (card)
      return HttpResponse.json({
        object: 'list',
        has_more: false,
        data: [
          {
            id: `inpay_${invoice}`,
            object: 'invoice_payment',
            invoice,
            payment: {
              type: 'payment_intent',
              payment_intent: {
                id: `pi_${invoice}`,
                object: 'payment_intent',
                payment_method: `pm_${invoice}`,
                latest_charge: {
                  id: `ch_${invoice}`,
                  object: 'charge',
                  payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', fingerprint: card } },
                },
              },
            },
          },
        ],
      });
    return HttpResponse.json({
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'inpay_1',
          object: 'invoice_payment',
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: 'pi_blacklisted_1',
              object: 'payment_intent',
              payment_method: { id: 'pm_1', object: 'payment_method', card: { fingerprint: BLOCKED_CARD } },
            },
          },
        },
      ],
    });
  }),
  http.post(`${API}/refunds`, async ({ request }) => {
    asked.refunds.push(new URLSearchParams(await request.text()));
    return HttpResponse.json({ id: 're_1', object: 'refund', status: 'succeeded' });
  }),
  http.delete(`${API}/subscriptions/:id`, ({ params }) => {
    asked.cancelled.push(String(params.id));
    return HttpResponse.json({ id: params.id, object: 'subscription', status: 'canceled' });
  }),
);

/** An open GET /api/stream with a cookie; `ended` once the server closes it. */
async function openStream(url: string, cookie: string) {
  const s = { ended: false, events: [] as string[] };
  const res = await fetch(url + '/api/stream', { headers: { cookie, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const parser = createParser({ onEvent: ({ event }) => void (event && s.events.push(event)) });
  void (async () => {
    try {
      for await (const text of res.body!.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>)
        parser.feed(text);
    } catch {
      /* closed */
    }
    s.ended = true;
  })();
  // Give the hub a moment to register the stream.
  await new Promise((r) => setTimeout(r, 100));
  return s;
}

describe.each(await testDbKinds())('the blacklist on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    stripeApi.listen({ onUnhandledRequest: 'bypass' });
    t = await startTestApp(kind, STRIPE_ENV);
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    stripeApi.close();
  });

  it('blacklisting an account ends its stream within 2 s, its next request is 401, and it cannot sign in again', async () => {
    const u = await signUp(t);
    const s = await openStream(t.url, u.client.cookieHeader);
    const res = await admin.client.post(`/api/admin/users/${u.id}/blacklist`, { reason: 'Leaked the paid room' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 2000, interval: 20 });
    expect(s.events).toContain('session.ended');
    expect((await u.client.get('/api/auth/user')).status).toBe(401);
    const again = await t.client().post('/api/auth/login', { email: u.email, password: u.password });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(REFUSAL);
    // The console lists the entry with its reason, and the audit keeps why.
    const list = await admin.client.get('/api/admin/blacklist');
    expect(list.body.entries).toContainEqual(
      expect.objectContaining({ kind: 'email', value: u.email, reason: 'Leaked the paid room', userId: u.id }),
    );
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['after'])
      .where('action', '=', 'adminUsers.blacklist')
      .where('targetId', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).toContain('Leaked the paid room');
  });

  it('refuses registration with a Gmail variant of a blacklisted address, and a checkout', async () => {
    const added = await admin.client.post('/api/admin/blacklist', {
      kind: 'email',
      value: 'jdoe@gmail.com',
      reason: 'Chargebacks',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const reg = await t.client().post('/api/register', {
      email: 'J.Doe+x@googlemail.com',
      password: 'Str0ng!Pass',
      firstName: 'J',
      lastName: 'Doe',
    });
    expect(reg.status).toBe(403);
    expect(reg.body.message).toBe(REFUSAL);
    const checkout = await t
      .client()
      .post('/api/create-checkout-session', { email: 'jdoe+y@gmail.com', plan: 'monthly' });
    expect(checkout.status).toBe(403);
    expect(checkout.body.message).toBe(REFUSAL);
    expect(asked.sessions).toBe(0);
    const users = await t.db.db.selectFrom('users').select('id').where('email', 'ilike', '%doe%gmail.com').execute();
    expect(users).toEqual([]);
  });

  it('a checkout.session.completed paid with a blacklisted card grants nothing and is refunded', async () => {
    expect(
      (await admin.client.post('/api/admin/blacklist', { kind: 'card', value: BLOCKED_CARD, reason: 'Chargeback' }))
        .status,
    ).toBe(200);
    const email = uniqueEmail('card');
    const subscription = newStripeId('sub');
    const payload = JSON.stringify(
      subscriptionCheckoutCompleted({ email, plan: 'monthly', customer: newStripeId('cus'), subscription }),
    );
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(asked.refunds.map((r) => r.get('payment_intent'))).toEqual(['pi_blacklisted_1']);
    expect(asked.cancelled).toEqual([subscription]);
    const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();
    asked.refunds.length = 0;
    asked.cancelled.length = 0;
  });

  /** Stripe's `checkout.session.completed` for this address, paid with this card (at the webhook). */
  const paidCheckout = async (email: string, card: string) => {
    const subscription = newStripeId('sub');
    const event = subscriptionCheckoutCompleted({ email, plan: 'monthly', customer: newStripeId('cus'), subscription });
    paidWith.set(event.data.object.id as string, card);
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': header,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      subscription,
      customer: event.data.object.customer as string,
      invoice: `in_${event.data.object.id as string}`,
    };
  };

  it('blacklisting an account that paid with a card blacklists the card; that card pays for no other account', async () => {
    asked.refunds.length = 0;
    asked.cancelled.length = 0;
    const card = `FpShared${Date.now().toString(36)}`;
    const payer = uniqueEmail('payer');
    const first = await paidCheckout(payer, card);
    const account = await t.db.db
      .selectFrom('users')
      .select(['id', 'hasActiveSubscription'])
      .where('email', '=', payer)
      .executeTakeFirstOrThrow();
    expect(account.hasActiveSubscription).toBe(true);
    // Only the fingerprint is kept with the account.
    expect(
      await t.db.db
        .selectFrom('userCardFingerprints')
        .select(['fingerprint'])
        .where('userId', '=', account.id)
        .execute(),
    ).toEqual([{ fingerprint: card }]);
    expect(asked.refunds).toEqual([]);
    // A renewal paid with another card: that card is kept with the account too.
    const renewalCard = `FpRenewal${Date.now().toString(36)}`;
    const renewal = newStripeId('inr');
    paidWith.set(renewal, renewalCard);
    const renewalEvent = stripeEvent('invoice.paid', {
      id: `in_${renewal}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: first.customer,
      amount_paid: 2900,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: first.subscription } },
    });
    const invoicePayload = JSON.stringify(renewalEvent);
    const paid = await t.client().request('POST', '/api/webhooks/stripe', invoicePayload, {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: invoicePayload, secret: WEBHOOK_SECRET }),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(
      (
        await t.db.db
          .selectFrom('userCardFingerprints')
          .select(['fingerprint'])
          .where('userId', '=', account.id)
          .execute()
      )
        .map((r) => r.fingerprint)
        .sort(),
    ).toEqual([card, renewalCard].sort());

    const res = await admin.client.post(`/api/admin/users/${account.id}/blacklist`, { reason: 'Chargeback ring' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toContain(`card ${card}`);
    const list = await admin.client.get('/api/admin/blacklist');
    const entry = (list.body.entries as Array<Record<string, unknown>>).find((e) => e.value === card);
    expect(entry).toMatchObject({ kind: 'card', value: card, reason: 'Chargeback ring', userId: account.id });
    expect(list.body.entries).toContainEqual(
      expect.objectContaining({ kind: 'card', value: renewalCard, userId: account.id }),
    );
    // In the audit log, by the administrator, written with it.
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'after'])
      .where('targetType', '=', 'blacklist-entry')
      .where('targetId', '=', String(entry!.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: admin.id, action: 'blacklist.add' });
    expect(audit.after).toMatchObject({ kind: 'card', value: card, userId: account.id });

    // Another address pays with the same card: refunded at Stripe, nothing granted, no account.
    const other = uniqueEmail('other');
    const { subscription, invoice } = await paidCheckout(other, card);
    expect(asked.refunds.map((r) => r.get('payment_intent'))).toEqual([`pi_${invoice}`]);
    expect(asked.cancelled).toContain(subscription);
    expect(
      await t.db.db.selectFrom('users').select('id').where('email', '=', other).executeTakeFirst(),
    ).toBeUndefined();
    asked.refunds.length = 0;
    asked.cancelled.length = 0;
  });

  it('answers a domain with how many accounts match, refuses bad input naming the field, and non-admins', async () => {
    const domain = `@blk${Date.now().toString(36)}.example`;
    await signUp(t, `a${domain}`);
    await signUp(t, `B${domain.toUpperCase()}`);
    const preview = await admin.client.get(`/api/admin/blacklist/preview?value=${encodeURIComponent(domain)}`);
    expect(preview.body).toEqual({ domain, matchingAccounts: 2 });
    const added = await admin.client.post('/api/admin/blacklist', { kind: 'domain', value: domain, reason: 'Spam' });
    expect(added.body.matchingAccounts).toBe(2);
    const again = await admin.client.post('/api/admin/blacklist', { kind: 'domain', value: domain, reason: 'Spam' });
    expect(again.status).toBe(409);
    const removed = await admin.client.request('DELETE', `/api/admin/blacklist/${added.body.entry.id}`);
    expect(removed.status).toBe(200);

    const bad = await admin.client.post('/api/admin/blacklist', {
      kind: 'email',
      value: 'not-an-address',
      reason: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['value']);
    const badKind = await admin.client.post('/api/admin/blacklist', { kind: 'ip', value: '1.2.3.4', reason: 'x' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.fields.map((f: { path: string }) => f.path)).toContain('kind');
    const noReason = await admin.client.post(`/api/admin/users/${admin.id}/blacklist`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields.map((f: { path: string }) => f.path)).toEqual(['reason']);

    const user = await signUp(t);
    expect((await user.client.get('/api/admin/blacklist')).status).toBe(403);
    expect(
      (await user.client.post('/api/admin/blacklist', { kind: 'card', value: 'Fp12345678', reason: 'x' })).status,
    ).toBe(403);
  });
});
