// The console's business figures: pure formulas over counts read from the records.

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

/** The first instant of the calendar month (UTC) that holds `at`. */
export function utcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
