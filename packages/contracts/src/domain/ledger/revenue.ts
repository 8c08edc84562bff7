// Revenue figures (console › ANALYTICS, `GET /api/admin/metrics/revenue`): pure arithmetic over the
// subscription grants (who held which plan through a subscription, from when to when) and the money
// ledger. Months are UTC calendar months; amounts are minor units of the reporting currency.
// docs/features/revenue.md states every definition.
import { csvDocument } from '../common/csv';
import { minorToDecimal } from './ledger';

/** The most months one request may span. */
export const REVENUE_MAX_MONTHS = 36;

/** Why a subscription ended: the subscriber asked (voluntary), or the money did not come (involuntary). */
export type RevenueEndReason = 'voluntary' | 'involuntary';

/**
 * Why a subscription ended. Involuntary: a dispute was opened by its holder while it ran, or it ended
 * without the subscriber having asked to cancel (a payment that failed past its retries and grace).
 * Voluntary: the subscriber asked (cancelled at once, or at the period's end, with or without a reason).
 */
export function subscriptionEndReason(s: { disputed: boolean; cancelRequested: boolean }): RevenueEndReason {
  if (s.disputed) return 'involuntary';
  return s.cancelRequested ? 'voluntary' : 'involuntary';
}

/**
 * One subscription grant: a plan held through a subscription from `startsAt` until `endsAt` (the
 * earlier of its early end and its end; null: still held). A plan change ends one grant and starts
 * another on the same subscription.
 */
export interface RevenueGrant {
  userId: number;
  subscriptionId: string;
  plan: string;
  /**
   * The plan price's monthly share (`monthlyEquivalentCents`) in the reporting currency; null when
   * the plan has no known price or is priced in another currency (counted as not converted).
   */
  monthlyAmount: number | null;
  startsAt: Date;
  endsAt: Date | null;
  /** When the subscription's free trial ended (or ends); null: no trial. */
  trialEndsAt: Date | null;
  /** Why the subscription ended, when it ended; null while it runs. */
  endReason: RevenueEndReason | null;
}

/** A ledger entry as the figures read it: the amount in the reporting currency, null when not converted. */
export interface RevenueLedgerEntry {
  kind: string;
  occurredAt: Date;
  plan: string | null;
  amount: number | null;
}

export interface RevenueMonth {
  /** `YYYY-MM`. */
  month: string;
  /** MRR at the month's close (its last instant, or now for the running month). */
  mrr: number;
  /** MRR at the month's opening (the previous month's close). */
  mrrStart: number;
  newMrr: number;
  expansionMrr: number;
  contractionMrr: number;
  churnedMrr: number;
  /** Users in the paid part of a subscription at the close. */
  activeHolders: number;
  /** Of them, those whose plan has no price in the reporting currency (their MRR is not in `mrr`). */
  unpricedHolders: number;
  /** Active holders at the opening. */
  holdersStart: number;
  newHolders: number;
  churnedHolders: number;
  voluntaryChurn: number;
  involuntaryChurn: number;
  /** Churned ÷ holders at the opening, percent with one decimal; null when none held at the opening. */
  churnRate: number | null;
  voluntaryChurnRate: number | null;
  involuntaryChurnRate: number | null;
  /** Subscriptions with a trial that started in the month. */
  trialsStarted: number;
  /** Of them, those that went on past the trial into their paid part. */
  trialsConverted: number;
  /** Of them, those whose trial still runs (not counted in the rate). */
  trialsRunning: number;
  /** Converted ÷ (started − running), percent with one decimal; null when no trial has finished. */
  trialConversionRate: number | null;
  payments: { count: number; amount: number };
  refunds: { count: number; amount: number };
  disputes: { opened: number; openedAmount: number; won: number; lost: number; lostAmount: number };
  /** Payments − refunds − disputes lost (converted amounts only). */
  netRevenue: number;
  /** Ledger entries of the month without an amount in the reporting currency (left out of every sum). */
  notConverted: number;
}

export interface RevenuePlan {
  plan: string;
  /** Net revenue of the plan's ledger entries over the window. */
  netRevenue: number;
  /** The mean, over the window's months, of the plan's active holders at each close. */
  averageHolders: number;
  /** Net revenue ÷ months ÷ average holders, rounded to the minor unit; null without holders. */
  arpu: number | null;
  /** Holders who stopped paying ÷ holders at the openings, summed over the window; percent, one decimal. */
  churnRate: number | null;
  /** ARPU ÷ monthly churn (as a fraction), rounded; null when nobody churned or there is no ARPU. */
  ltv: number | null;
}

export interface RevenueCohort {
  /** The month of the first paid day. */
  month: string;
  size: number;
  /** Still paying at the close of the cohort's month + index (0: its own month), up to the window's end. */
  active: number[];
}

export interface RevenueFigures {
  months: RevenueMonth[];
  plans: RevenuePlan[];
  cohorts: RevenueCohort[];
  totals: {
    netRevenue: number;
    averageHolders: number;
    /** Over every plan, defined as per plan. */
    arpu: number | null;
    churnRate: number | null;
    ltv: number | null;
    notConverted: number;
  };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` → the first instant of that UTC month; null when not a month. */
export function parseMonth(month: string): Date | null {
  const m = MONTH.exec(month);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

export const monthKey = (d: Date): string => d.toISOString().slice(0, 7);

const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));

/** The months from `from` to `to` (both `YYYY-MM`, both included), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const a = parseMonth(from);
  const b = parseMonth(to);
  if (!a || !b || a > b) return [];
  const out: string[] = [];
  for (let d = a; d <= b; d = addMonths(d, 1)) out.push(monthKey(d));
  return out;
}

/** How many months the figures show when the request names no `from`. */
export const REVENUE_DEFAULT_MONTHS = 12;

/**
 * The window a request asks for: `to` by default this month, `from` by default 11 months before
 * `to`. A window backwards or longer than REVENUE_MAX_MONTHS is refused naming the field.
 */
export function revenueWindow(
  input: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { from: string; to: string } | { field: 'from' | 'to'; message: string } {
  const to = input.to ?? monthKey(now);
  const from = input.from ?? monthKey(addMonths(parseMonth(to)!, 1 - REVENUE_DEFAULT_MONTHS));
  const n = monthsBetween(from, to).length;
  const field = input.to === undefined ? 'from' : 'to';
  if (n === 0)
    return { field, message: field === 'to' ? 'to must not be before from' : 'from must not be after this month' };
  if (n > REVENUE_MAX_MONTHS)
    return { field, message: `the window must span at most ${REVENUE_MAX_MONTHS} months (from ${from} to ${to})` };
  return { from, to };
}

/** A share as a percent with one decimal; null when the base is 0. */
export function percent(part: number, base: number): number | null {
  if (base <= 0) return null;
  return Math.round((part / base) * 1000) / 10;
}

/** When a grant's paid part begins: its start, or its subscription's trial end when that is later. */
const paidFrom = (g: RevenueGrant): number => Math.max(g.startsAt.getTime(), g.trialEndsAt?.getTime() ?? -Infinity);

/** A grant is in its paid part at instant `t`: begun before it, not stopped by it. */
const payingAt = (g: RevenueGrant, t: number): boolean =>
  paidFrom(g) < t && (g.endsAt === null || g.endsAt.getTime() > t);

interface Holder {
  mrr: number;
  plans: Set<string>;
  unpriced: boolean;
}

/** Each paying user at `t`: their MRR (priced grants), their plans, and whether a grant had no price. */
function holdersAt(grants: readonly RevenueGrant[], t: number): Map<number, Holder> {
  const out = new Map<number, Holder>();
  for (const g of grants) {
    if (!payingAt(g, t)) continue;
    const h = out.get(g.userId) ?? { mrr: 0, plans: new Set<string>(), unpriced: false };
    if (g.monthlyAmount === null) h.unpriced = true;
    else h.mrr += g.monthlyAmount;
    h.plans.add(g.plan);
    out.set(g.userId, h);
  }
  return out;
}

const sumMrr = (holders: Map<number, Holder>) => [...holders.values()].reduce((n, h) => n + h.mrr, 0);

/** The end reason of the user's subscription grant that stopped last at or before `t`. */
function lastEndReason(grants: readonly RevenueGrant[], userId: number, t: number): RevenueEndReason {
  let last: RevenueGrant | null = null;
  for (const g of grants) {
    if (g.userId !== userId || g.endsAt === null || g.endsAt.getTime() > t) continue;
    if (!last || g.endsAt.getTime() >= last.endsAt!.getTime()) last = g;
  }
  // Access lost without a recorded reason counts as involuntary (the money did not come).
  return last?.endReason ?? 'involuntary';
}

interface MoneyMonth {
  payments: { count: number; amount: number };
  refunds: { count: number; amount: number };
  disputes: { opened: number; openedAmount: number; won: number; lost: number; lostAmount: number };
  netRevenue: number;
  notConverted: number;
}

function emptyMoney(): MoneyMonth {
  return {
    payments: { count: 0, amount: 0 },
    refunds: { count: 0, amount: 0 },
    disputes: { opened: 0, openedAmount: 0, won: 0, lost: 0, lostAmount: 0 },
    netRevenue: 0,
    notConverted: 0,
  };
}

/** Adds one entry to a month's money; an entry without a converted amount is only counted as such. */
function addEntry(m: MoneyMonth, e: RevenueLedgerEntry): void {
  if (e.amount === null) {
    m.notConverted += 1;
    return;
  }
  switch (e.kind) {
    case 'payment':
      m.payments.count += 1;
      m.payments.amount += e.amount;
      m.netRevenue += e.amount;
      break;
    case 'refund':
      m.refunds.count += 1;
      m.refunds.amount += e.amount;
      m.netRevenue -= e.amount;
      break;
    case 'dispute_opened':
      m.disputes.opened += 1;
      m.disputes.openedAmount += e.amount;
      break;
    case 'dispute_won':
      m.disputes.won += 1;
      break;
    case 'dispute_lost':
      m.disputes.lost += 1;
      m.disputes.lostAmount += e.amount;
      m.netRevenue -= e.amount;
      break;
  }
}

/** Net revenue of one ledger entry (0 for an entry that moves no money for good, or is not converted). */
function netOf(e: RevenueLedgerEntry): number {
  const m = emptyMoney();
  addEntry(m, e);
  return m.netRevenue;
}

/**
 * LTV: ARPU ÷ the monthly churn (churned ÷ base, the exact fraction, not the rounded percent),
 * rounded to the minor unit; null without ARPU or without churn.
 */
export function lifetimeValue(arpu: number | null, churned: number, base: number): number | null {
  if (arpu === null || churned <= 0 || base <= 0) return null;
  return Math.round((arpu * base) / churned);
}

/**
 * Every figure of the months `from`../..`to` (`YYYY-MM`, both included). `now` closes the running
 * month (a month wholly after `now` is measured at `now` too); grants and entries outside the
 * window only matter through the states they leave.
 */
export function revenueFigures(input: {
  from: string;
  to: string;
  now: Date;
  grants: readonly RevenueGrant[];
  entries: readonly RevenueLedgerEntry[];
}): RevenueFigures {
  const { grants, entries } = input;
  const now = input.now.getTime();
  const months = monthsBetween(input.from, input.to);
  const opening = (m: string) => Math.min(parseMonth(m)!.getTime(), now);
  const closing = (m: string) => Math.min(addMonths(parseMonth(m)!, 1).getTime(), now);

  const money = new Map(months.map((m) => [m, emptyMoney()]));
  const planNet = new Map<string, number>();
  for (const e of entries) {
    const m = money.get(monthKey(e.occurredAt));
    if (!m) continue;
    addEntry(m, e);
    if (e.plan !== null && e.amount !== null) planNet.set(e.plan, (planNet.get(e.plan) ?? 0) + netOf(e));
  }

  // Trials: one per subscription with a trial, in the month its first grant started.
  const trials = new Map<string, { start: number; trialEnd: number; paid: boolean }>();
  for (const g of grants) {
    if (g.trialEndsAt === null) continue;
    const t = trials.get(g.subscriptionId) ?? {
      start: g.startsAt.getTime(),
      trialEnd: g.trialEndsAt.getTime(),
      paid: false,
    };
    t.start = Math.min(t.start, g.startsAt.getTime());
    if (paidFrom(g) < Math.min(g.endsAt?.getTime() ?? Infinity, now)) t.paid = true;
    trials.set(g.subscriptionId, t);
  }

  const planHolderSum = new Map<string, number>();
  const planChurn = new Map<string, { churned: number; base: number }>();
  const planOf = (p: string) => planChurn.get(p) ?? { churned: 0, base: 0 };

  const monthRows: RevenueMonth[] = months.map((month) => {
    const open = opening(month);
    const close = closing(month);
    const before = holdersAt(grants, open);
    const after = holdersAt(grants, close);
    let newMrr = 0;
    let expansionMrr = 0;
    let contractionMrr = 0;
    let churnedMrr = 0;
    let newHolders = 0;
    let voluntaryChurn = 0;
    let involuntaryChurn = 0;
    for (const [user, h] of after) {
      const was = before.get(user);
      if (!was) {
        newHolders += 1;
        newMrr += h.mrr;
      } else if (h.mrr > was.mrr) expansionMrr += h.mrr - was.mrr;
      else if (h.mrr < was.mrr) contractionMrr += was.mrr - h.mrr;
    }
    for (const [user, h] of before) {
      for (const p of h.plans) {
        const c = planOf(p);
        c.base += 1;
        if (!after.has(user)) c.churned += 1;
        planChurn.set(p, c);
      }
      if (after.has(user)) continue;
      churnedMrr += h.mrr;
      if (lastEndReason(grants, user, close) === 'voluntary') voluntaryChurn += 1;
      else involuntaryChurn += 1;
    }
    for (const h of after.values()) for (const p of h.plans) planHolderSum.set(p, (planHolderSum.get(p) ?? 0) + 1);

    const monthStart = parseMonth(month)!.getTime();
    const monthEnd = addMonths(parseMonth(month)!, 1).getTime();
    let trialsStarted = 0;
    let trialsConverted = 0;
    let trialsRunning = 0;
    for (const t of trials.values()) {
      if (t.start < monthStart || t.start >= monthEnd) continue;
      trialsStarted += 1;
      if (t.paid) trialsConverted += 1;
      else if (t.trialEnd > now) trialsRunning += 1;
    }
    const churned = voluntaryChurn + involuntaryChurn;
    return {
      month,
      mrr: sumMrr(after),
      mrrStart: sumMrr(before),
      newMrr,
      expansionMrr,
      contractionMrr,
      churnedMrr,
      activeHolders: after.size,
      unpricedHolders: [...after.values()].filter((h) => h.unpriced).length,
      holdersStart: before.size,
      newHolders,
      churnedHolders: churned,
      voluntaryChurn,
      involuntaryChurn,
      churnRate: percent(churned, before.size),
      voluntaryChurnRate: percent(voluntaryChurn, before.size),
      involuntaryChurnRate: percent(involuntaryChurn, before.size),
      trialsStarted,
      trialsConverted,
      trialsRunning,
      trialConversionRate: percent(trialsConverted, trialsStarted - trialsRunning),
      ...money.get(month)!,
    };
  });

  const n = months.length;
  const plansSeen = new Set<string>([...planHolderSum.keys(), ...planNet.keys(), ...planChurn.keys()]);
  const plans: RevenuePlan[] = [...plansSeen].sort().map((plan) => {
    const netRevenue = planNet.get(plan) ?? 0;
    const averageHolders = n ? (planHolderSum.get(plan) ?? 0) / n : 0;
    const arpu = averageHolders > 0 ? Math.round(netRevenue / n / averageHolders) : null;
    const c = planOf(plan);
    return {
      plan,
      netRevenue,
      averageHolders: round2(averageHolders),
      arpu,
      churnRate: percent(c.churned, c.base),
      ltv: lifetimeValue(arpu, c.churned, c.base),
    };
  });

  const netRevenue = monthRows.reduce((s, m) => s + m.netRevenue, 0);
  const averageHolders = n ? monthRows.reduce((s, m) => s + m.activeHolders, 0) / n : 0;
  const arpu = averageHolders > 0 ? Math.round(netRevenue / n / averageHolders) : null;
  const churned = monthRows.reduce((s, m) => s + m.churnedHolders, 0);
  const base = monthRows.reduce((s, m) => s + m.holdersStart, 0);

  return {
    months: monthRows,
    plans,
    cohorts: cohortsOf(grants, months, closing, now),
    totals: {
      netRevenue,
      averageHolders: round2(averageHolders),
      arpu,
      churnRate: percent(churned, base),
      ltv: lifetimeValue(arpu, churned, base),
      notConverted: monthRows.reduce((s, m) => s + m.notConverted, 0),
    },
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Users by the month of their first paid day (within the window), and how many still pay at each later close. */
function cohortsOf(
  grants: readonly RevenueGrant[],
  months: readonly string[],
  closing: (m: string) => number,
  now: number,
): RevenueCohort[] {
  const firstPaid = new Map<number, number>();
  for (const g of grants) {
    const from = paidFrom(g);
    if (from >= Math.min(g.endsAt?.getTime() ?? Infinity, now)) continue;
    firstPaid.set(g.userId, Math.min(firstPaid.get(g.userId) ?? Infinity, from));
  }
  const holdersAtClose = months.map((m) => holdersAt(grants, closing(m)));
  return months.flatMap((month, i) => {
    const users = [...firstPaid].filter(([, at]) => monthKey(new Date(at)) === month).map(([u]) => u);
    if (users.length === 0) return [];
    const active = holdersAtClose.slice(i).map((h) => users.filter((u) => h.has(u)).length);
    return [{ month, size: users.length, active }];
  });
}

export const REVENUE_CSV_HEADER = [
  'month',
  'mrr_start',
  'new_mrr',
  'expansion_mrr',
  'contraction_mrr',
  'churned_mrr',
  'mrr',
  'active_holders',
  'unpriced_holders',
  'new_holders',
  'voluntary_churn',
  'involuntary_churn',
  'churn_rate_percent',
  'trials_started',
  'trials_converted',
  'trial_conversion_percent',
  'payments',
  'payments_amount',
  'refunds',
  'refunds_amount',
  'disputes_opened',
  'disputes_opened_amount',
  'disputes_won',
  'disputes_lost',
  'disputes_lost_amount',
  'net_revenue',
  'not_converted',
  'currency',
] as const;

/** The months as CSV, one row each, amounts as decimals of the reporting currency. */
export function revenueCsv(months: readonly RevenueMonth[], currency: string): string {
  const d = minorToDecimal;
  return csvDocument(
    REVENUE_CSV_HEADER,
    months.map((m) => [
      m.month,
      d(m.mrrStart),
      d(m.newMrr),
      d(m.expansionMrr),
      d(m.contractionMrr),
      d(m.churnedMrr),
      d(m.mrr),
      m.activeHolders,
      m.unpricedHolders,
      m.newHolders,
      m.voluntaryChurn,
      m.involuntaryChurn,
      m.churnRate,
      m.trialsStarted,
      m.trialsConverted,
      m.trialConversionRate,
      m.payments.count,
      d(m.payments.amount),
      m.refunds.count,
      d(m.refunds.amount),
      m.disputes.opened,
      d(m.disputes.openedAmount),
      m.disputes.won,
      m.disputes.lost,
      d(m.disputes.lostAmount),
      d(m.netRevenue),
      m.notConverted,
      currency,
    ]),
  );
}
