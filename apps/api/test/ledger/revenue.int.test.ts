import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, startTestApp, testDbKinds, uniqueEmail, type TestApp } from '../harness';

// Revenue figures (docs/features/revenue.md): a history seeded in the tables the product writes
// (plans, subscriptions, their grants, the ledger) three months long, and the endpoint's figures
// against values worked out by hand below. Then the test mode's dispute: its evidence submitted
// from the console's path and shown submitted.

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const noon = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe.each(await testDbKinds())('revenue figures on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  const tag = Date.now().toString(36);
  const key = (k: string) => `rv${tag}-${k}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signUpAdmin(t);
    const db = t.db.db;
    // Monthly shares: monthly 30.00, pro 50.00, yearly 240.00 ÷ 12 = 20.00, quarterly 75.00 ÷ 3 =
    // 25.00; "eur" is priced in euros (the reporting currency is USD): not converted.
    const plans = [
      { k: 'monthly', amountCents: 3000, currency: 'USD', interval: 'month' as const, intervalCount: 1 },
      { k: 'pro', amountCents: 5000, currency: 'usd', interval: 'month' as const, intervalCount: 1 },
      { k: 'yearly', amountCents: 24000, currency: 'USD', interval: 'year' as const, intervalCount: 1 },
      { k: 'quarterly', amountCents: 7500, currency: 'USD', interval: 'month' as const, intervalCount: 3 },
      { k: 'eur', amountCents: 2900, currency: 'EUR', interval: 'month' as const, intervalCount: 1 },
    ];
    const planIds = new Map<string, number>();
    for (const p of plans) {
      const row = await db
        .insertInto('plans')
        .values({
          key: key(p.k),
          name: `Revenue ${p.k}`,
          terms: 'recurring',
          interval: p.interval,
          intervalCount: p.intervalCount,
          amountCents: p.amountCents,
          currency: p.currency,
          listed: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      planIds.set(p.k, row.id);
    }
    const users = new Map<number, number>();
    for (let n = 1; n <= 9; n++) {
      const row = await db
        .insertInto('users')
        .values({ email: uniqueEmail(`rv${n}`), password: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.set(n, row.id);
    }
    const subs: [number, { trialEnd?: string; cancel?: boolean; endedAt?: string }][] = [
      [1, {}],
      [2, { cancel: true, endedAt: '2025-02-10' }],
      [3, {}],
      [4, {}],
      [5, {}],
      [6, { trialEnd: '2025-01-12', endedAt: '2025-03-20' }],
      [7, { trialEnd: '2025-02-01', cancel: true, endedAt: '2025-01-30' }],
      [8, { trialEnd: '2025-04-20' }],
      [9, {}],
    ];
    for (const [n, s] of subs)
      await db
        .insertInto('paymentSubscriptions')
        .values({
          subscriptionId: `sub_rv${tag}_${n}`,
          provider: 'stripe',
          status: s.endedAt ? 'canceled' : 'active',
          eventAt: d('2025-01-01'),
          trialEnd: s.trialEnd ? d(s.trialEnd) : null,
          cancelAtPeriodEnd: s.cancel ?? false,
          endedAt: s.endedAt ? d(s.endedAt) : null,
        })
        .execute();
    const grant = (n: number, plan: string, startsAt: string, endedAt: string | null) =>
      db
        .insertInto('accessGrants')
        .values({
          userId: users.get(n)!,
          planId: planIds.get(plan)!,
          source: 'subscription',
          sourceRef: `sub_rv${tag}_${n}`,
          startsAt: d(startsAt),
          endsAt: null,
          endedAt: endedAt ? d(endedAt) : null,
        })
        .execute();
    await grant(1, 'monthly', '2024-12-10', null);
    await grant(2, 'monthly', '2024-12-05', '2025-02-10');
    await grant(3, 'yearly', '2025-01-20', null);
    await grant(4, 'monthly', '2024-11-01', '2025-02-15');
    await grant(4, 'pro', '2025-02-15', null);
    await grant(5, 'pro', '2024-12-01', '2025-03-03');
    await grant(5, 'quarterly', '2025-03-03', null);
    await grant(6, 'monthly', '2025-01-05', '2025-03-20');
    await grant(7, 'monthly', '2025-01-25', '2025-01-30');
    await grant(8, 'monthly', '2025-03-28', null);
    await grant(9, 'eur', '2025-02-02', null);

    let object = 0;
    const entry = (kind: string, on: string, n: number, plan: string, amount: number, currency = 'USD') =>
      db
        .insertInto('ledgerEntries')
        .values({
          kind,
          userId: users.get(n)!,
          amount,
          currency,
          provider: 'stripe',
          providerObjectId: `rv${tag}_${++object}`,
          planKey: key(plan),
          occurredAt: noon(on),
          reportingCurrency: 'USD',
          reportingAmount: currency === 'USD' ? amount : null,
          reportingRate: currency === 'USD' ? '1' : null,
        })
        .execute();
    await entry('payment', '2024-12-10', 1, 'monthly', 3000); // before the window
    await entry('payment', '2025-01-10', 1, 'monthly', 3000);
    await entry('payment', '2025-01-05', 2, 'monthly', 3000);
    await entry('payment', '2025-01-20', 3, 'yearly', 24000);
    await entry('payment', '2025-01-01', 4, 'monthly', 3000);
    await entry('payment', '2025-01-01', 5, 'pro', 5000);
    await entry('payment', '2025-01-12', 6, 'monthly', 3000);
    await entry('payment', '2025-02-10', 1, 'monthly', 3000);
    await entry('payment', '2025-02-15', 4, 'pro', 5000);
    await entry('payment', '2025-02-01', 5, 'pro', 5000);
    await entry('payment', '2025-02-12', 6, 'monthly', 3000);
    await entry('payment', '2025-02-02', 9, 'eur', 2900, 'EUR');
    await entry('refund', '2025-02-10', 2, 'monthly', 3000);
    await entry('payment', '2025-03-10', 1, 'monthly', 3000);
    await entry('payment', '2025-03-15', 4, 'pro', 5000);
    await entry('payment', '2025-03-03', 5, 'quarterly', 7500);
    await entry('payment', '2025-03-12', 6, 'monthly', 3000);
    // u6's chargeback ended its access on 20 March: an involuntary end, lost.
    await entry('dispute_opened', '2025-03-19', 6, 'monthly', 3000);
    await entry('dispute_lost', '2025-03-25', 6, 'monthly', 3000);
    // u1 disputed too, and the desk won.
    await entry('dispute_opened', '2025-03-18', 1, 'monthly', 3000);
    await entry('dispute_won', '2025-03-28', 1, 'monthly', 3000);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers the figures worked out by hand, and the same months as CSV', async () => {
    const res = await admin.client.get('/api/admin/metrics/revenue?from=2025-01&to=2025-03');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const f = res.body;
    expect(f).toMatchObject({ from: '2025-01', to: '2025-03', reportingCurrency: 'USD' });
    const [jan, feb, mar] = f.months;
    // January opens with u1, u2, u4 at 30.00 and u5 at 50.00 (140.00); u3 (20.00) and u6 (30.00 once
    // its trial ended) join. u7 cancelled in its trial: not a holder, not churn.
    expect(jan).toMatchObject({
      month: '2025-01',
      mrrStart: 14000,
      newMrr: 5000,
      expansionMrr: 0,
      contractionMrr: 0,
      churnedMrr: 0,
      mrr: 19000,
      holdersStart: 4,
      activeHolders: 6,
      newHolders: 2,
      churnRate: 0,
      trialsStarted: 2,
      trialsConverted: 1,
      trialsRunning: 0,
      trialConversionRate: 50,
      payments: { count: 6, amount: 41000 },
      netRevenue: 41000,
      notConverted: 0,
    });
    // February: u2 cancelled (−30.00, voluntary), u4 moved up to pro (+20.00), u9 joined on a euro plan.
    expect(feb).toMatchObject({
      mrrStart: 19000,
      newMrr: 0,
      expansionMrr: 2000,
      churnedMrr: 3000,
      mrr: 18000,
      activeHolders: 6,
      unpricedHolders: 1,
      newHolders: 1,
      voluntaryChurn: 1,
      involuntaryChurn: 0,
      churnRate: 16.7,
      trialsStarted: 0,
      trialConversionRate: null,
      payments: { count: 4, amount: 16000 },
      refunds: { count: 1, amount: 3000 },
      netRevenue: 13000,
      notConverted: 1,
    });
    // March: u5 moved down to quarterly (−25.00), u6's dispute ended it (−30.00, involuntary); u8's
    // trial started (it has ended since, into its paid part: converted).
    expect(mar).toMatchObject({
      mrrStart: 18000,
      contractionMrr: 2500,
      churnedMrr: 3000,
      mrr: 12500,
      activeHolders: 5,
      voluntaryChurn: 0,
      involuntaryChurn: 1,
      involuntaryChurnRate: 16.7,
      trialsStarted: 1,
      trialsConverted: 1,
      trialConversionRate: 100,
      payments: { count: 4, amount: 18500 },
      disputes: { opened: 2, openedAmount: 6000, won: 1, lost: 1, lostAmount: 3000 },
      netRevenue: 15500,
    });
    // monthly: 180.00 net; holders at the closes 4, 2, 1 → ARPU 180.00 ÷ 7 = 25.71; 2 of 3 + 4 + 2
    // left → LTV 25.71 × 9 ÷ 2 = 115.70.
    const plan = (k: string) => f.plans.find((p: { plan: string }) => p.plan === key(k));
    expect(plan('monthly')).toEqual({
      plan: key('monthly'),
      name: 'Revenue monthly',
      netRevenue: 18000,
      averageHolders: 2.33,
      arpu: 2571,
      churnRate: 22.2,
      ltv: 11570,
    });
    expect(plan('yearly')).toMatchObject({ netRevenue: 24000, averageHolders: 1, arpu: 8000, churnRate: 0, ltv: null });
    expect(plan('pro')).toMatchObject({ netRevenue: 20000, arpu: 5000, churnRate: 0 });
    expect(plan('quarterly')).toMatchObject({ netRevenue: 7500, arpu: 7500, churnRate: null, ltv: null });
    // 695.00 over 6 + 6 + 5 holder-months = 40.88; 2 of 4 + 6 + 6 left (12.5 %) → LTV 327.04.
    expect(f.totals).toEqual({
      netRevenue: 69500,
      averageHolders: 5.67,
      arpu: 4088,
      churnRate: 12.5,
      ltv: 32704,
      notConverted: 1,
    });
    expect(f.cohorts).toEqual([
      { month: '2025-01', size: 2, active: [2, 2, 1] },
      { month: '2025-02', size: 1, active: [1, 1] },
    ]);

    const csv = await admin.client.get('/api/admin/metrics/revenue/export?from=2025-01&to=2025-03');
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({ rows: 3, filename: 't0-revenue-2025-01-to-2025-03.csv' });
    const lines = (csv.body.csv as string).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^month,mrr_start,new_mrr,expansion_mrr,contraction_mrr,churned_mrr,mrr,/);
    expect(lines[3]).toBe(
      '2025-03,180.00,0.00,0.00,25.00,30.00,125.00,5,1,0,0,1,16.7,1,1,100,4,185.00,0,0.00,2,60.00,1,1,30.00,155.00,0,USD',
    );
  });

  it('refuses a bad window naming the field, and anyone but an administrator', async () => {
    const bad = await admin.client.get('/api/admin/metrics/revenue?from=2025-13');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['from']);
    const backwards = await admin.client.get('/api/admin/metrics/revenue?from=2025-03&to=2025-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.map((f: { path: string }) => f.path)).toEqual(['to']);
    const long = await admin.client.get('/api/admin/metrics/revenue/export?from=2020-01&to=2025-03');
    expect(long.body.fields.map((f: { path: string }) => f.path)).toEqual(['to']);
    const byDefault = await admin.client.get('/api/admin/metrics/revenue');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.months).toHaveLength(12);
    expect(byDefault.body.to).toBe(new Date().toISOString().slice(0, 7));
    const user = await signUp(t);
    expect((await user.client.get('/api/admin/metrics/revenue')).status).toBe(403);
    expect((await user.client.get('/api/admin/metrics/revenue/export')).status).toBe(403);
    expect((await t.client().get('/api/admin/metrics/revenue')).status).toBe(401);
  });

  it('this month’s MRR is the figures per plan’s revenue; a test-mode dispute’s evidence is submitted once', async () => {
    const buyers = [await signUp(t), await signUp(t)];
    for (const b of buyers)
      expect((await t.client().post('/api/test/activate-subscription', { email: b.email })).status).toBe(200);
    const disputed = await t.client().post('/api/test/dispute', { email: buyers[1]!.email });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);

    const [revenue, perPlan] = await Promise.all([
      admin.client.get('/api/admin/metrics/revenue'),
      admin.client.get('/api/admin/plans/figures'),
    ]);
    const now = revenue.body.months.at(-1);
    const planSum = perPlan.body.plans.reduce(
      (n: number, p: { recurringRevenue: { currency: string; amountCents: number } | null }) =>
        n + (p.recurringRevenue?.currency === 'USD' ? p.recurringRevenue.amountCents : 0),
      0,
    );
    // The seeded holders still paying (u1, u3, u4, u5, u8, u9) and the buyer not disputed.
    expect(now.activeHolders).toBe(7);
    expect(now.unpricedHolders).toBe(1);
    // 30.00 + 20.00 + 50.00 + 25.00 + 30.00 seeded, and the buyer's plan at its price's monthly share.
    const bought = perPlan.body.plans.find((p: { key: string }) => p.key === 'monthly').recurringRevenue;
    expect(bought).toMatchObject({ currency: 'USD', subscriptions: 1 });
    expect(now.mrr).toBe(15500 + bought.amountCents);
    expect(now.mrr).toBe(planSum);
    expect(now.involuntaryChurn + now.voluntaryChurn).toBe(0); // bought and lost in the same month: never held at the opening
    expect(now.disputes.opened).toBe(1);

    const entry = await t.db.db
      .selectFrom('ledgerEntries')
      .select('id')
      .where('kind', '=', 'dispute_opened')
      .where('providerObjectId', '=', disputed.body.disputeId)
      .executeTakeFirstOrThrow();
    const path = `/api/admin/disputes/${entry.id}/evidence`;
    expect((await admin.client.get(path)).body).toMatchObject({ provider: 'local', submission: null });
    const submitted = await admin.client.post(`${path}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.submission).toMatchObject({ sentToProvider: false, submittedBy: admin.email });
    expect((await admin.client.get(path)).body.submission).toEqual(submitted.body.submission);
    const again = await admin.client.post(`${path}/submit`);
    expect(again.status).toBe(409);
    const audit = await t.db.db.selectFrom('auditLog').select('action').where('action', 'like', '%ispute%').execute();
    expect(audit.map((a) => a.action)).toContain('ledger.submitDisputeEvidence');
  });
});
