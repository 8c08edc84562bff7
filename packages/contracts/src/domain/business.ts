// The console's business figures: pure formulas over counts read from the records.
import type { PlanPrice } from './billing';
import { monthlyEquivalentCents } from './plan-figures';

/** The reasons a subscriber picks from when cancelling (the dialog's list; "Other" takes free text). */
export const CANCEL_REASONS = [
  'Too expensive',
  'Not using it enough',
  'Signals did not suit my trading',
  'Switching to another service',
  'Taking a break',
  'Other',
] as const;
export type CancelReasonCategory = (typeof CANCEL_REASONS)[number];

/** Stripe's cancellation feedback codes (when the customer cancelled at Stripe) in our words. */
const STRIPE_FEEDBACK: Record<string, CancelReasonCategory> = {
  too_expensive: 'Too expensive',
  unused: 'Not using it enough',
  switched_service: 'Switching to another service',
  low_quality: 'Signals did not suit my trading',
};

/** The category a kept reason counts under: the chosen reason before its details ("Too expensive: …"), else Other. */
export function cancelReasonCategory(reason: string): CancelReasonCategory {
  const text = reason.trim();
  const stripe = STRIPE_FEEDBACK[text];
  if (stripe) return stripe;
  const found = CANCEL_REASONS.find((r) => text === r || text.startsWith(`${r}:`));
  return found ?? 'Other';
}

/** Counts per category, most frequent first (ties in the list's order); categories with none left out. */
export function countCancelReasons(reasons: readonly string[]): { reason: CancelReasonCategory; count: number }[] {
  const counts = new Map<CancelReasonCategory, number>();
  for (const r of reasons) {
    const c = cancelReasonCategory(r);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return CANCEL_REASONS.filter((r) => counts.has(r))
    .map((reason) => ({ reason, count: counts.get(reason)! }))
    .sort((a, b) => b.count - a.count);
}

/**
 * Churn of a month: subscriptions that ended in the month ÷ subscriptions active when it began, as a
 * percentage with one decimal. Null when nothing was active at the start (no base to divide by).
 */
export function churnRate(endedInMonth: number, activeAtMonthStart: number): number | null {
  if (activeAtMonthStart <= 0) return null;
  return Math.round((endedInMonth / activeAtMonthStart) * 1000) / 10;
}

export interface MrrLine {
  currency: string;
  /** Monthly recurring revenue in the currency's smallest unit (a yearly price counts as one twelfth). */
  amountCents: number;
  subscriptions: number;
}

export interface MrrResult {
  lines: MrrLine[];
  /** Paying subscriptions whose plan has no known price (not in the sum). */
  unpriced: number;
}

/** The price of one recurring plan for MRR: its amount per `intervalCount` (1 when absent) months or years. */
export interface MrrPlanPrice {
  plan: string;
  amountCents: number;
  currency: string;
  interval: PlanPrice['interval'];
  intervalCount?: number;
}

/**
 * A plan price per month in cents: monthly as it is, yearly divided by 12, every N months or years
 * divided by the months they cover (rounded to the cent).
 */
export function monthlyCents(p: Pick<MrrPlanPrice, 'amountCents' | 'interval' | 'intervalCount'>): number {
  const cycle = { terms: 'recurring' as const, interval: p.interval, intervalCount: p.intervalCount ?? 1 };
  return monthlyEquivalentCents(p.amountCents, cycle) ?? p.amountCents;
}

/**
 * MRR: the sum over paying subscriptions of their plan's monthly price, one line per currency.
 * `counts` is the number of paying subscriptions per plan name (monthly, yearly, or a name no
 * longer priced).
 */
export function monthlyRecurringRevenue(
  counts: Readonly<Record<string, number>>,
  prices: readonly MrrPlanPrice[],
): MrrResult {
  const byCurrency = new Map<string, MrrLine>();
  let unpriced = 0;
  for (const [plan, n] of Object.entries(counts)) {
    if (n <= 0) continue;
    const price = prices.find((p) => p.plan === plan);
    if (!price) {
      unpriced += n;
      continue;
    }
    const currency = price.currency.toUpperCase();
    const line = byCurrency.get(currency) ?? { currency, amountCents: 0, subscriptions: 0 };
    line.amountCents += monthlyCents(price) * n;
    line.subscriptions += n;
    byCurrency.set(currency, line);
  }
  return { lines: [...byCurrency.values()].sort((a, b) => b.amountCents - a.amountCents), unpriced };
}

/** The first instant of the calendar month (UTC) that holds `at`. */
export function utcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
