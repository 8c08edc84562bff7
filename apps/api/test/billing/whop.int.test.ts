import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTestDbKind, signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, type TestApp } from '../harness';

// Whop memberships (docs/features/whop.md): Whop's webhooks, signed here with the Standard Webhooks
// library as Whop signs them (its dashboard's secret, base64-encoded as the key), grant and end the
// mapped plan, land each payment, refund and dispute once in the ledger whatever the order, make
// the buyer's account with its set-password e-mail, and grant a blacklisted buyer nothing.

/** The secret as Whop's dashboard shows it (not in the standard `whsec_` form). */
const SECRET = 'ws_0f3c6b2a9d8e7f1029384756abcdef01';

let seq = 0;
const newId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(3).toString('hex')}`;
const iso = (d: Date) => d.toISOString();
const ago = (ms: number) => new Date(Date.now() - ms);

/** A delivery as Whop sends it: the body, and the Standard Webhooks headers signed with `secret`'s key. */
function signed(body: object, opts: { id?: string; at?: Date; secret?: string } = {}) {
  const id = opts.id ?? newId('msg');
  const at = opts.at ?? new Date();
  const payload = JSON.stringify(body);
  const key = Buffer.from(opts.secret ?? SECRET).toString('base64');
  return {
    id,
    payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, at, payload),
    },
  };
}

const membership = (
  type: 'membership.activated' | 'membership.deactivated',
  m: { id: string; user: string; email: string; plan: string; at: Date },
) => ({
  id: newId('msg'),
  api_version: 'v1',
  timestamp: iso(new Date()),
  type,
  data: {
    id: m.id,
    status: type === 'membership.activated' ? 'active' : 'canceled',
    created_at: iso(ago(86_400_000)),
    updated_at: iso(m.at),
    user: { id: m.user, username: 'buyer', name: 'A Buyer', email: m.email },
    plan: { id: m.plan },
    product: { id: 'prod_T0signals', title: 'T0 signals' },
    currency: 'usd',
    metadata: {},
  },
});

const payment = (p: { id: string; membership: string; user: string; email: string; plan: string; total: number }) => ({
  api_version: 'v1',
  timestamp: iso(new Date()),
  type: 'payment.succeeded',
  data: {
    id: p.id,
    status: 'paid',
    total: p.total,
    subtotal: p.total,
    usd_total: p.total,
    amount_after_fees: p.total - 2.5,
    currency: 'usd',
    paid_at: iso(ago(60_000)),
    created_at: iso(ago(60_000)),
    user: { id: p.user, email: p.email },
    membership: { id: p.membership, status: 'active' },
    plan: { id: p.plan },
  },
});

const refund = (
  type: 'refund.created' | 'refund.updated',
  r: { id: string; payment: string; amount: number; status: string },
) => ({
  api_version: 'v1',
  timestamp: iso(new Date()),
  type,
  data: {
    id: r.id,
    amount: r.amount,
    currency: 'usd',
    status: r.status,
    created_at: iso(ago(30_000)),
    payment: { id: r.payment },
  },
});

const dispute = (
  type: 'dispute.created' | 'dispute.updated',
  d: { id: string; payment: string; user: string; amount: number; status: string },
) => ({
  api_version: 'v1',
  timestamp: iso(new Date()),
  type,
  data: {
    id: d.id,
    amount: d.amount,
    currency: 'usd',
    status: d.status,
    created_at: iso(ago(20_000)),
    reason: 'Product Not Received',
    payment: { id: d.payment, total: d.amount, currency: 'usd', user: { id: d.user }, membership: { id: 'mem_x' } },
  },
});

describe.each(await testDbKinds())('Whop memberships on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  const GOLD = 'plan_Gold1';

  const post = (d: ReturnType<typeof signed>) => t.client().request('POST', '/api/webhooks/whop', d.payload, d.headers);
  const deliver = async (body: object, opts: { id?: string } = {}) => {
    const res = await post(signed(body, opts));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { received: boolean; applied: boolean };
  };
  const userOf = (email: string) =>
    t.db.db
      .selectFrom('users')
      .select(['id', 'whopUserId', 'whopSubscriptionId', 'hasActiveSubscription'])
      .where('email', '=', email)
      .executeTakeFirst();
  const grantsOf = (membershipId: string) =>
    t.db.db
      .selectFrom('accessGrants as g')
      .innerJoin('plans as p', 'p.id', 'g.planId')
      .select(['p.key', 'g.source', 'g.endedAt', 'g.userId'])
      .where('g.sourceRef', '=', membershipId)
      .orderBy('g.id')
      .execute();
  const mailsTo = (email: string) => t.mailed().filter((m) => m.to === email);

  beforeAll(async () => {
    t = await startTestApp(kind, { WHOP_WEBHOOK_SECRET: SECRET });
    admin = await signUpAdmin(t);
    const mapped = await admin.client.put(`/api/admin/whop-plans/${GOLD}`, { plan: 'yearly' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a missing or bad signature and a stale timestamp, changing nothing', async () => {
    const body = membership('membership.activated', {
      id: newId('mem'),
      user: newId('user'),
      email: uniqueEmail('whopbad'),
      plan: GOLD,
      at: new Date(),
    });
    const good = signed(body);
    const { 'webhook-signature': _, ...unsigned } = good.headers;
    const missing = await t.client().request('POST', '/api/webhooks/whop', good.payload, unsigned);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('webhook-signature');
    const forged = await post(signed(body, { secret: 'ws_not_the_secret' }));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/Invalid Whop signature/);
    const stale = await post(signed(body, { at: ago(10 * 60_000) }));
    expect(stale.status).toBe(400);
    // The body changed after signing.
    const tampered = { ...good, payload: good.payload.replace('whopbad', 'whopevil') };
    expect((await post(tampered)).status).toBe(400);
    expect(await userOf(body.data.user.email)).toBeUndefined();
    const seen = await t.db.db
      .selectFrom('processedPaymentEvents')
      .select('eventId')
      .where('eventId', 'in', [good.id])
      .execute();
    expect(seen).toEqual([]);
    // A known event missing what it needs: 400 naming the field.
    const noId = await post(signed({ type: 'membership.activated', data: { user: { id: 'user_1' } } }));
    expect(noId.status).toBe(400);
    expect(noId.body.message).toMatch(/^data\.id/);
    // An event this product does not act on: 200, ignored.
    expect(await deliver({ type: 'entry.created', data: { id: 'entry_1' } })).toEqual({
      received: true,
      applied: false,
    });
  });

  it('activation makes the account, grants the mapped plan and mails the set-password link; a replay changes nothing; deactivation ends it', async () => {
    const email = uniqueEmail('whopnew');
    const m = { id: newId('mem'), user: newId('user'), email, plan: GOLD, at: ago(5_000) };
    const activated = membership('membership.activated', m);
    const first = signed(activated);
    expect((await post(first)).body).toEqual({ received: true, applied: true });

    const user = await userOf(email);
    expect(user).toMatchObject({ whopUserId: m.user, whopSubscriptionId: m.id, hasActiveSubscription: true });
    expect(await grantsOf(m.id)).toEqual([{ key: 'yearly', source: 'subscription', endedAt: null, userId: user!.id }]);
    const mails = mailsTo(email);
    expect(mails.map((x) => x.kind)).toEqual(['welcome']);
    expect(mails[0]!.text).toContain('/reset-password?token=');

    // Whop's retry: the same webhook id (signed again at its new attempt).
    const replay = signed(activated, { id: first.id });
    expect((await post(replay)).body).toEqual({ received: true, applied: false });
    expect(mailsTo(email)).toHaveLength(1);
    expect(await grantsOf(m.id)).toHaveLength(1);

    // The account signs in with the password set through the link.
    const link = /https?:\/\/\S+/.exec(mails[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const reset = await t.client().post('/api/auth/reset-password', { token, email, newPassword: 'Wh0p!Buyer-pass' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    await deliver(membership('membership.deactivated', { ...m, at: new Date() }));
    expect((await userOf(email))!.hasActiveSubscription).toBe(false);
    const [grant] = await grantsOf(m.id);
    expect(grant!.endedAt).not.toBeNull();
  });

  it('an unmapped Whop plan grants the default plan; an existing account is matched by its address', async () => {
    const { email, id, client } = await signUp(t);
    const m = {
      id: newId('mem'),
      user: newId('user'),
      email: email.toUpperCase(),
      plan: 'plan_NotMapped9',
      at: new Date(),
    };
    await deliver(membership('membership.activated', m));
    const defaultPlan = await t.db.db
      .selectFrom('plans')
      .select('key')
      .where('isDefault', '=', true)
      .executeTakeFirstOrThrow();
    expect(await grantsOf(m.id)).toEqual([{ key: defaultPlan.key, source: 'subscription', endedAt: null, userId: id }]);
    expect(await userOf(email)).toMatchObject({ id, whopUserId: m.user, hasActiveSubscription: true });
    // Billing shows the membership as Whop's: managed there, never cancelled or changed here.
    const billing = await client.get('/api/billing');
    expect(billing.status, JSON.stringify(billing.body)).toBe(200);
    expect(billing.body).toMatchObject({
      provider: 'whop',
      status: 'active',
      hasAccess: true,
      manageUrl: 'https://whop.com/@me/settings/',
      canManage: false,
      canCancel: false,
      canResume: false,
      canChangePlan: false,
      invoices: [],
    });

    // What Whop charged and gave back is what its webhooks said: no T0 plan price is shown for it.
    const pay = newId('pay');
    await deliver(payment({ id: pay, membership: m.id, user: m.user, email, plan: m.plan, total: 29.5 }));
    const rfnd = newId('rfnd');
    await deliver(refund('refund.updated', { id: rfnd, payment: pay, amount: 10, status: 'succeeded' }));
    const after = (await client.get('/api/billing')).body;
    expect(after.price).toBeNull();
    expect(after.subscriptionPlan?.label ?? null).toBeNull();
    expect(after.invoices).toEqual([
      {
        id: `whop_${rfnd}`,
        number: rfnd,
        createdAt: expect.any(String),
        amountCents: 1000,
        discountCents: 0,
        creditCents: 0,
        description: null,
        currency: 'USD',
        status: 'refunded',
        url: null,
      },
      {
        id: `whop_${pay}`,
        number: pay,
        createdAt: expect.any(String),
        amountCents: 2950,
        discountCents: 0,
        creditCents: 0,
        description: null,
        currency: 'USD',
        status: 'paid',
        url: null,
      },
    ]);
  });

  it('out of order: a deactivation that arrives before its activation leaves no access', async () => {
    const { email, id } = await signUp(t);
    const m = { id: newId('mem'), user: newId('user'), email, plan: GOLD };
    await deliver(membership('membership.deactivated', { ...m, at: ago(1_000) }));
    expect((await deliver(membership('membership.activated', { ...m, at: ago(60_000) }))).applied).toBe(true);
    expect(await grantsOf(m.id)).toEqual([]);
    expect((await userOf(email))!.hasActiveSubscription).toBe(false);
    // A new address in the same order gets no account at all.
    const stranger = { id: newId('mem'), user: newId('user'), email: uniqueEmail('whoplate'), plan: GOLD };
    await deliver(membership('membership.deactivated', { ...stranger, at: ago(1_000) }));
    await deliver(membership('membership.activated', { ...stranger, at: ago(60_000) }));
    expect(await userOf(stranger.email)).toBeUndefined();
    expect(mailsTo(stranger.email)).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });

  it('every payment, refund and dispute lands once, replayed and out of order; a dispute ends access and blacklists the Whop user', async () => {
    const email = uniqueEmail('whoppay');
    const m = { id: newId('mem'), user: newId('user'), email, plan: GOLD, at: ago(10_000) };
    const pay = newId('pay');
    const paid = payment({ id: pay, membership: m.id, user: m.user, email, plan: GOLD, total: 49 });
    // The payment comes before the membership's activation: recorded without its buyer, claimed later.
    const paidDelivery = signed(paid);
    const first = await post(paidDelivery);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await deliver(membership('membership.activated', m));
    const user = (await userOf(email))!;
    // The same webhook again, and the same payment under a new webhook id.
    expect((await post(signed(paid, { id: paidDelivery.id }))).body.applied).toBe(false);
    await deliver(paid);

    const rfnd = newId('rfnd');
    expect(
      (await deliver(refund('refund.created', { id: rfnd, payment: pay, amount: 10.5, status: 'pending' }))).applied,
    ).toBe(false);
    const refunded = refund('refund.updated', { id: rfnd, payment: pay, amount: 10.5, status: 'succeeded' });
    await deliver(refunded);
    await deliver(refunded);

    const dspt = newId('dspt');
    // The dispute's end first, then its opening (twice).
    await deliver(dispute('dispute.updated', { id: dspt, payment: pay, user: m.user, amount: 38.5, status: 'lost' }));
    const opened = dispute('dispute.created', {
      id: dspt,
      payment: pay,
      user: m.user,
      amount: 38.5,
      status: 'needs_response',
    });
    await deliver(opened);
    await deliver(opened);

    const rows = await t.db.db
      .selectFrom('ledgerEntries')
      .select([
        'kind',
        'providerObjectId',
        'amount',
        'currency',
        'fee',
        'provider',
        'userId',
        'planKey',
        'subscriptionId',
      ])
      .where('chargeId', '=', pay)
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => [r.kind, r.providerObjectId, r.amount])).toEqual([
      ['dispute_lost', dspt, 3850],
      ['dispute_opened', dspt, 3850],
      ['payment', pay, 4900],
      ['refund', rfnd, 1050],
    ]);
    expect(rows.every((r) => r.provider === 'whop' && r.currency === 'USD' && r.userId === user.id)).toBe(true);
    expect(rows.find((r) => r.kind === 'payment')).toMatchObject({ fee: 250, planKey: 'yearly', subscriptionId: m.id });

    // The dispute ended the access at once and put the Whop user on the blacklist.
    expect((await userOf(email))!.hasActiveSubscription).toBe(false);
    const entry = await t.db.db
      .selectFrom('blacklistedEmails')
      .select(['kind', 'reason', 'userId', 'blacklistedBy'])
      .where('value', '=', m.user)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'whop', reason: 'dispute', userId: user.id, blacklistedBy: 'system' });
    const sub = await t.db.db
      .selectFrom('paymentSubscriptions')
      .select(['status', 'provider'])
      .where('subscriptionId', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: 'canceled', provider: 'whop' });
    // The console's ledger lists them under provider whop.
    const listed = await admin.client.get(`/api/admin/ledger?userId=${user.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.entries.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'dispute_lost',
      'dispute_opened',
      'payment',
      'refund',
    ]);
  });

  it('a blacklisted address or Whop user is granted nothing', async () => {
    const email = uniqueEmail('whopbanned');
    const added = await admin.client.post('/api/admin/blacklist', { kind: 'email', value: email, reason: 'fraud' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await deliver(
      membership('membership.activated', { id: newId('mem'), user: newId('user'), email, plan: GOLD, at: new Date() }),
    );
    expect(await userOf(email)).toBeUndefined();
    expect(mailsTo(email)).toEqual([]);

    const { email: known, id } = await signUp(t);
    const whopUser = newId('user');
    expect(
      (await admin.client.post('/api/admin/blacklist', { kind: 'whop', value: whopUser, reason: 'fraud' })).status,
    ).toBe(200);
    const m = { id: newId('mem'), user: whopUser, email: known, plan: GOLD, at: new Date() };
    await deliver(membership('membership.activated', m));
    expect(await grantsOf(m.id)).toEqual([]);
    expect((await userOf(known))!.hasActiveSubscription).toBe(false);
    expect(id).toBeGreaterThan(0);
  });
});

describe.each(await oneTestDbKind())('Whop plans in the console, and the webhook without its secret, on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 503 when WHOP_WEBHOOK_SECRET is not set', async () => {
    const d = signed({ type: 'membership.activated', data: { id: 'mem_1' } });
    const res = await t.client().request('POST', '/api/webhooks/whop', d.payload, d.headers);
    expect(res.status).toBe(503);
    expect(res.body.message).toContain('WHOP_WEBHOOK_SECRET');
  });

  it('maps, changes and removes a Whop plan, audited; bad input is a 400 naming the field', async () => {
    const empty = await admin.client.get('/api/admin/whop-plans');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ mappings: [], webhookConfigured: false, defaultPlan: { key: 'monthly' } });

    expect((await admin.client.put('/api/admin/whop-plans/plan_A1', { plan: 'monthly' })).status).toBe(200);
    const changed = await admin.client.put('/api/admin/whop-plans/plan_A1', { plan: 'yearly' });
    expect(changed.body).toMatchObject({ whopPlanId: 'plan_A1', plan: 'yearly' });
    expect((await admin.client.get('/api/admin/whop-plans')).body.mappings).toEqual([
      expect.objectContaining({ whopPlanId: 'plan_A1', plan: 'yearly' }),
    ]);

    const badId = await admin.client.put('/api/admin/whop-plans/prod_A1', { plan: 'yearly' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('whopPlanId');
    const badPlan = await admin.client.put('/api/admin/whop-plans/plan_A2', { plan: 'nosuchplan' });
    expect(badPlan.status).toBe(400);
    expect(JSON.stringify(badPlan.body)).toContain('plan: no plan has the key nosuchplan');
    expect((await admin.client.get('/api/admin/whop-plans')).body.mappings).toHaveLength(1);

    expect((await admin.client.delete('/api/admin/whop-plans/plan_A1')).body).toEqual({ removed: true });
    expect((await admin.client.delete('/api/admin/whop-plans/plan_A1')).status).toBe(404);
    const user = await signUp(t);
    expect((await user.client.get('/api/admin/whop-plans')).status).toBe(403);

    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'targetId', 'before', 'after'])
      .where('targetType', '=', 'whop-plan')
      .where('outcome', '=', 'done')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.targetId, a.before, a.after])).toEqual([
      ['plans.whopSet', 'plan_A1', null, { whopPlanId: 'plan_A1', plan: 'monthly' }],
      ['plans.whopSet', 'plan_A1', { plan: 'monthly' }, { plan: 'yearly' }],
      ['plans.whopRemove', 'plan_A1', { whopPlanId: 'plan_A1', plan: 'yearly' }, null],
    ]);
  });
});
