import { describe, expect, it } from 'vitest';
import {
  lifetimeValue,
  monthsBetween,
  parseMonth,
  percent,
  revenueCsv,
  revenueFigures,
  revenueWindow,
  subscriptionEndReason,
  type RevenueEndReason,
  type RevenueGrant,
  type RevenueLedgerEntry,
} from './revenue';

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

// Monthly shares (minor units): monthly 30.00, pro 50.00, yearly 240.00 ÷ 12 = 20.00, quarterly
// 75.00 ÷ 3 = 25.00; "eur" is priced in another currency (no share).
const SHARE: Record<string, number | null> = { monthly: 3000, pro: 5000, yearly: 2000, quarterly: 2500, eur: null };

function grant(
  userId: number,
  sub: string,
  plan: string,
  startsAt: string,
  endsAt: string | null,
  extra: { trialEndsAt?: string; endReason?: RevenueEndReason } = {},
): RevenueGrant {
  return {
    userId,
    subscriptionId: sub,
    plan,
    monthlyAmount: SHARE[plan]!,
    startsAt: d(startsAt),
    endsAt: endsAt ? d(endsAt) : null,
    trialEndsAt: extra.trialEndsAt ? d(extra.trialEndsAt) : null,
    endReason: extra.endReason ?? null,
  };
}

const grants: RevenueGrant[] = [
  grant(1, 's1', 'monthly', '2025-12-10', null),
  grant(2, 's2', 'monthly', '2025-12-05', '2026-02-10', { endReason: 'voluntary' }),
  grant(3, 's3', 'yearly', '2026-01-20', null),
  // u4 moves up from monthly to pro on 15 Feb (expansion of 20.00).
  grant(4, 's4', 'monthly', '2025-11-01', '2026-02-15'),
  grant(4, 's4', 'pro', '2026-02-15', null),
  // u5 moves down from pro to quarterly on 3 Mar (contraction of 25.00).
  grant(5, 's5', 'pro', '2025-12-01', '2026-03-03'),
  grant(5, 's5', 'quarterly', '2026-03-03', null),
  // u6: a trial converted in January, the payment failed and access ended on 20 Mar.
  grant(6, 's6', 'monthly', '2026-01-05', '2026-03-20', { trialEndsAt: '2026-01-12', endReason: 'involuntary' }),
  // u7: a trial cancelled before its end: never paid, not churn.
  grant(7, 's7', 'monthly', '2026-01-25', '2026-01-30', { trialEndsAt: '2026-02-01', endReason: 'voluntary' }),
  // u8: a trial still running at `now`.
  grant(8, 's8', 'monthly', '2026-03-28', null, { trialEndsAt: '2026-04-20' }),
  // u9: a plan priced in another currency: a holder whose MRR is not converted.
  grant(9, 's9', 'eur', '2026-02-02', null),
];

const e = (kind: string, on: string, plan: string | null, amount: number | null): RevenueLedgerEntry => ({
  kind,
  occurredAt: new Date(`${on}T12:00:00Z`),
  plan,
  amount,
});

const entries: RevenueLedgerEntry[] = [
  e('payment', '2025-12-10', 'monthly', 3000), // before the window
  e('payment', '2026-01-10', 'monthly', 3000),
  e('payment', '2026-01-05', 'monthly', 3000),
  e('payment', '2026-01-20', 'yearly', 24000),
  e('payment', '2026-01-01', 'monthly', 3000),
  e('payment', '2026-01-01', 'pro', 5000),
  e('payment', '2026-01-12', 'monthly', 3000),
  e('payment', '2026-02-10', 'monthly', 3000),
  e('payment', '2026-02-15', 'pro', 5000),
  e('payment', '2026-02-01', 'pro', 5000),
  e('payment', '2026-02-12', 'monthly', 3000),
  e('payment', '2026-02-02', 'eur', null),
  e('refund', '2026-02-10', 'monthly', 3000),
  e('payment', '2026-03-10', 'monthly', 3000),
  e('payment', '2026-03-15', 'pro', 5000),
  e('payment', '2026-03-03', 'quarterly', 7500),
  e('payment', '2026-03-12', 'monthly', 3000),
  e('dispute_opened', '2026-03-15', 'monthly', 3000),
  e('dispute_lost', '2026-03-25', 'monthly', 3000),
  e('dispute_opened', '2026-03-18', 'monthly', 3000),
  e('dispute_won', '2026-03-28', 'monthly', 3000),
];

const now = d('2026-04-15');
const figures = revenueFigures({ from: '2026-01', to: '2026-03', now, grants, entries });
const month = (m: string) => figures.months.find((x) => x.month === m)!;

describe('revenue figures, computed by hand', () => {
  it('MRR and its movement per month add up from the opening to the close', () => {
    expect(figures.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    // January opens with u1, u2, u4 at 30.00 and u5 at 50.00; u3 (20.00) and u6 (30.00 after its trial) join.
    expect(month('2026-01')).toMatchObject({
      mrrStart: 14000,
      newMrr: 5000,
      expansionMrr: 0,
      contractionMrr: 0,
      churnedMrr: 0,
      mrr: 19000,
      holdersStart: 4,
      activeHolders: 6,
      newHolders: 2,
    });
    // February: u2 leaves (−30.00), u4 goes up (+20.00), u9 joins at a price not converted (0).
    expect(month('2026-02')).toMatchObject({
      mrrStart: 19000,
      newMrr: 0,
      expansionMrr: 2000,
      contractionMrr: 0,
      churnedMrr: 3000,
      mrr: 18000,
      activeHolders: 6,
      unpricedHolders: 1,
      newHolders: 1,
    });
    // March: u5 goes down (−25.00), u6 leaves (−30.00); u8 is still in its trial.
    expect(month('2026-03')).toMatchObject({
      mrrStart: 18000,
      expansionMrr: 0,
      contractionMrr: 2500,
      churnedMrr: 3000,
      mrr: 12500,
      activeHolders: 5,
      unpricedHolders: 1,
      newHolders: 0,
    });
    for (const m of figures.months)
      expect(m.mrrStart + m.newMrr + m.expansionMrr - m.contractionMrr - m.churnedMrr).toBe(m.mrr);
  });

  it('churn splits voluntary from involuntary, as a share of the holders at the opening', () => {
    expect(month('2026-01')).toMatchObject({ churnedHolders: 0, churnRate: 0 });
    expect(month('2026-02')).toMatchObject({
      voluntaryChurn: 1,
      involuntaryChurn: 0,
      churnRate: 16.7,
      voluntaryChurnRate: 16.7,
      involuntaryChurnRate: 0,
    });
    expect(month('2026-03')).toMatchObject({ voluntaryChurn: 0, involuntaryChurn: 1, involuntaryChurnRate: 16.7 });
  });

  it('trial conversion counts trials by the month they started, leaving running ones out of the rate', () => {
    expect(month('2026-01')).toMatchObject({
      trialsStarted: 2,
      trialsConverted: 1,
      trialsRunning: 0,
      trialConversionRate: 50,
    });
    expect(month('2026-02')).toMatchObject({ trialsStarted: 0, trialConversionRate: null });
    expect(month('2026-03')).toMatchObject({ trialsStarted: 1, trialsRunning: 1, trialConversionRate: null });
  });

  it('refunds, disputes and the net revenue per month; amounts without a rate counted apart', () => {
    expect(month('2026-01')).toMatchObject({ payments: { count: 6, amount: 41000 }, netRevenue: 41000 });
    expect(month('2026-02')).toMatchObject({
      payments: { count: 4, amount: 16000 },
      refunds: { count: 1, amount: 3000 },
      netRevenue: 13000,
      notConverted: 1,
    });
    expect(month('2026-03')).toMatchObject({
      payments: { count: 4, amount: 18500 },
      disputes: { opened: 2, openedAmount: 6000, won: 1, lost: 1, lostAmount: 3000 },
      netRevenue: 15500,
      notConverted: 0,
    });
  });

  it('ARPU and LTV per plan and in all', () => {
    const plan = (p: string) => figures.plans.find((x) => x.plan === p)!;
    expect(figures.plans.map((p) => p.plan)).toEqual(['eur', 'monthly', 'pro', 'quarterly', 'yearly']);
    // monthly: 180.00 net over 3 months; holders at the closes 4, 2, 1; 2 of 3 + 4 + 2 holders left.
    expect(plan('monthly')).toEqual({
      plan: 'monthly',
      netRevenue: 18000,
      averageHolders: 2.33,
      arpu: 2571,
      churnRate: 22.2,
      ltv: 11570,
    });
    expect(plan('yearly')).toEqual({
      plan: 'yearly',
      netRevenue: 24000,
      averageHolders: 1,
      arpu: 8000,
      churnRate: 0,
      ltv: null,
    });
    // u4 moved in and u5 moved out: a change of plan is not churn.
    expect(plan('pro')).toMatchObject({ netRevenue: 20000, averageHolders: 1.33, arpu: 5000, churnRate: 0, ltv: null });
    expect(plan('quarterly')).toMatchObject({ netRevenue: 7500, arpu: 7500, churnRate: null, ltv: null });
    expect(plan('eur')).toMatchObject({ netRevenue: 0, averageHolders: 0.67, arpu: 0 });
    // 695.00 over 6 + 6 + 5 holder-months; 2 of 4 + 6 + 6 left.
    expect(figures.totals).toEqual({
      netRevenue: 69500,
      averageHolders: 5.67,
      arpu: 4088,
      churnRate: 12.5,
      ltv: 32704,
      notConverted: 1,
    });
  });

  it('cohorts by the month of the first paid day, still paying at each later close', () => {
    expect(figures.cohorts).toEqual([
      { month: '2026-01', size: 2, active: [2, 2, 1] },
      { month: '2026-02', size: 1, active: [1, 1] },
    ]);
  });

  it('the running month closes now', () => {
    const april = revenueFigures({ from: '2026-04', to: '2026-04', now, grants, entries }).months[0]!;
    expect(april).toMatchObject({ mrrStart: 12500, mrr: 12500, activeHolders: 5, newHolders: 0, churnedHolders: 0 });
  });

  it('writes the months as CSV with decimal amounts', () => {
    const csv = revenueCsv(figures.months, 'USD').split('\r\n');
    expect(csv[0]).toMatch(/^month,mrr_start,new_mrr,expansion_mrr,contraction_mrr,churned_mrr,mrr,active_holders,/);
    expect(csv[2]).toBe(
      '2026-02,190.00,0.00,20.00,0.00,30.00,180.00,6,1,1,1,0,16.7,0,0,,4,160.00,1,30.00,0,0.00,0,0,0.00,130.00,1,USD',
    );
    expect(csv).toHaveLength(5);
  });
});

describe('revenue helpers', () => {
  it('reads months, spans them and divides safely', () => {
    expect(parseMonth('2026-02')).toEqual(d('2026-02-01'));
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-2')).toBeNull();
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, 0)).toBeNull();
    expect(lifetimeValue(3000, 1, 10)).toBe(30000);
    expect(lifetimeValue(3000, 0, 10)).toBeNull();
    expect(lifetimeValue(null, 1, 10)).toBeNull();
  });

  it('resolves the window with its defaults and refuses one backwards or too long, naming the field', () => {
    const at = d('2026-04-15');
    expect(revenueWindow({}, at)).toEqual({ from: '2025-05', to: '2026-04' });
    expect(revenueWindow({ from: '2026-01' }, at)).toEqual({ from: '2026-01', to: '2026-04' });
    expect(revenueWindow({ to: '2026-02' }, at)).toEqual({ from: '2025-03', to: '2026-02' });
    expect(revenueWindow({ from: '2026-05' }, at)).toMatchObject({ field: 'from' });
    expect(revenueWindow({ from: '2026-03', to: '2026-02' }, at)).toMatchObject({ field: 'to' });
    expect(revenueWindow({ from: '2020-01', to: '2026-02' }, at)).toMatchObject({ field: 'to' });
    expect(revenueWindow({ from: '2020-01' }, at)).toMatchObject({ field: 'from' });
  });

  it('tells a voluntary end from an involuntary one', () => {
    expect(subscriptionEndReason({ disputed: false, cancelRequested: true })).toBe('voluntary');
    expect(subscriptionEndReason({ disputed: false, cancelRequested: false })).toBe('involuntary');
    expect(subscriptionEndReason({ disputed: true, cancelRequested: true })).toBe('involuntary');
  });
});
