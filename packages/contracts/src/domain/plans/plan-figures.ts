// Figures per plan (console › ROOMS & PLANS): pure arithmetic over counts the server reads from the
// grants and the subscriptions.
import type { PlanInterval, PlanTerms } from './plans';

/** The window of the "last 30 days" figures. */
export const PLAN_FIGURES_WINDOW_DAYS = 30;

/** What the arithmetic looks at of a plan's terms. */
export interface RecurringShape {
  terms: PlanTerms;
  interval: PlanInterval | null;
  intervalCount: number | null;
}

/**
 * How many months one billing period covers: a month × its count, a year × 12 × its count. Null
 * for terms that do not recur (a pass, lifetime, free) or recurring terms missing their interval.
 */
export function periodMonths(t: RecurringShape): number | null {
  if (t.terms !== 'recurring' || t.interval === null) return null;
  const count = t.intervalCount ?? 1;
  if (!Number.isInteger(count) || count < 1) return null;
  return (t.interval === 'year' ? 12 : 1) * count;
}

/**
 * A recurring price as a month's share, in cents rounded to the cent: a monthly price as it is, an
 * every-3-months price ÷ 3, a yearly price ÷ 12. Null when the terms do not recur.
 */
export function monthlyEquivalentCents(amountCents: number, t: RecurringShape): number | null {
  const months = periodMonths(t);
  return months === null ? null : Math.round(amountCents / months);
}

export interface PlanRevenue {
  currency: string;
  /** The monthly-equivalent revenue in the currency's smallest unit. */
  amountCents: number;
  /** The paid subscriptions it sums. */
  subscriptions: number;
}

/**
 * The monthly-equivalent recurring revenue of a plan's paid subscriptions at its price: each
 * subscription's month share (rounded to the cent, as `monthlyEquivalentCents`) times their number.
 * Null when the plan does not recur or has no known price: nothing measured to show.
 */
export function planRecurringRevenue(
  plan: RecurringShape & { price: { amountCents: number; currency: string } | null },
  paidSubscriptions: number,
): PlanRevenue | null {
  if (!plan.price) return null;
  const monthly = monthlyEquivalentCents(plan.price.amountCents, plan);
  if (monthly === null) return null;
  const n = Math.max(0, Math.trunc(paidSubscriptions));
  return { currency: plan.price.currency.toUpperCase(), amountCents: monthly * n, subscriptions: n };
}
