// Plans, prices and the billing rules shared by the API and the web app.
import type { Plan } from '../common/constants';

/** How long a subscription whose renewal failed (`past_due`) keeps access, by default. */
export const PAST_DUE_GRACE_DAYS_DEFAULT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest reason a subscriber may give when cancelling. */
export const CANCEL_REASON_MAX = 500;

export interface PlanPrice {
  plan: Plan;
  /** In the currency's smallest unit (cents). */
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  interval: 'month' | 'year';
}

export const intervalOf = (plan: Plan): PlanPrice['interval'] => (plan === 'yearly' ? 'year' : 'month');

/** A currency's formatter, made once: making one costs more than a millisecond (the landing page's plans drew four in a row). */
const currencyFormats = new Map<string, Intl.NumberFormat>();

/** "$49.00", "€490.00": the amount in the currency's own format (English digits). */
export function formatAmount(amountCents: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    let format = currencyFormats.get(code);
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      currencyFormats.set(code, format);
    }
    return format.format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${code}`;
  }
}

/** "$49.00 / month". */
export function formatPlanPrice(p: Pick<PlanPrice, 'amountCents' | 'currency' | 'interval'>): string {
  return `${formatAmount(p.amountCents, p.currency)} / ${p.interval}`;
}

/** "$49.00 / month", "$120.00 / 3 months", "$490.00 / year": a recurring plan's price with its cycle. */
export function formatRecurringPrice(p: {
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  intervalCount: number | null;
}): string {
  const count = p.intervalCount ?? 1;
  const cycle = count === 1 ? p.interval : `${count} ${p.interval}s`;
  return `${formatAmount(p.amountCents, p.currency)} / ${cycle}`;
}

/** A decimal price setting ("49", "49.90") in cents; undefined when it is not a price. */
export function parsePriceSetting(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

/** When a grace period that started at `since` ends. */
export function graceEndsAt(since: Date, graceDays: number): Date {
  return new Date(since.getTime() + graceDays * DAY_MS);
}

/**
 * Whether a subscription in this state grants access: active and trialing do; past_due does until
 * the grace period after the failed renewal runs out; every other status does not.
 */
export function keepsAccess(
  s: { status: string; pastDueSince: Date | null },
  graceDays: number,
  now = new Date(),
): boolean {
  if (s.status === 'active' || s.status === 'trialing') return true;
  if (s.status === 'past_due')
    return s.pastDueSince !== null && now.getTime() < graceEndsAt(s.pastDueSince, graceDays).getTime();
  return false;
}

/** The end of a billing period that starts at `start` (a calendar month or year later, clamped to the month's end). */
export function periodEnd(start: Date, plan: Plan): Date {
  return periodEndOf(start, plan === 'yearly' ? 'year' : 'month', 1);
}

/** The end of `count` intervals from `start` (calendar months or years, clamped to the month's end). */
export function periodEndOf(start: Date, interval: 'month' | 'year', count = 1): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + count);
  else end.setUTCMonth(end.getUTCMonth() + count);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}
