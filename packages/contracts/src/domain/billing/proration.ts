// Changing plans: what a subscriber is credited and charged when a subscription moves from one
// recurring plan to another. Stripe's semantics (proration by the second, `always_invoice`), so that
// the local test mode, which computes its own, agrees with what Stripe bills:
// - same interval and count: the billing anchor stays; the unused time of the old price is credited
//   and the remaining time of the new price charged, invoiced at once; a negative total is a credit
//   balance taken off the next invoice;
// - a different interval or count: a new period starts now; the new price is charged less the unused
//   credit of the old (never below zero; the rest is a credit balance);
// - a trialing subscription changes plan without proration (the trial continues on the new plan).
// Amounts are in cents, rounded per line as Stripe does (half away from zero).
import { periodEndOf } from './billing';
import type { PlanInterval, PlanTerms } from '../plans/plans';

/**
 * How old a preview's proration date may be when the change is made with it (Stripe takes any time
 * in the current period; a preview left open longer is previewed again).
 */
export const PRORATION_DATE_MAX_AGE_MS = 5 * 60 * 1000;

/** A recurring plan's price, as the rules need it. */
export interface RecurringPrice {
  interval: PlanInterval;
  intervalCount: number;
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/**
 * - `prorated`: same interval and count, the billing anchor stays;
 * - `new_period`: a different interval or count, a new period starts now;
 * - `trial`: a trialing subscription, nothing is charged or credited.
 */
export type PlanChangeKind = 'prorated' | 'new_period' | 'trial';

export interface PlanChangeQuote {
  kind: PlanChangeKind;
  /** The unused time of the old price (0 or more). */
  creditCents: number;
  /** The remaining time of the new price (`prorated`), or the whole new price (`new_period`). */
  chargeCents: number;
  /** charge − credit: negative when the credit is larger. */
  totalCents: number;
  /** The period after the change: the same one (`prorated`, `trial`), or one starting at the change. */
  periodStart: Date;
  periodEnd: Date;
}

/** What a change's invoice takes from the customer's credit balance, and what is left of it. */
export interface Settlement {
  /** Charged now (never below zero). */
  dueNowCents: number;
  /** Taken off the credit balance the customer already had. */
  balanceAppliedCents: number;
  /** The credit balance after: taken off the next invoice. */
  balanceAfterCents: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * `amountCents` × `part` / `whole`, rounded half away from zero, exactly (integers: a price of a
 * million dollars over twelve years of seconds stays exact).
 */
export function prorate(amountCents: number, part: number, whole: number): number {
  if (!Number.isInteger(amountCents) || !Number.isInteger(part) || !Number.isInteger(whole) || whole <= 0)
    throw new RangeError('prorate takes whole cents and whole seconds, over a positive period');
  const negative = amountCents < 0 !== part < 0;
  const num = BigInt(Math.abs(amountCents)) * BigInt(Math.abs(part));
  const den = BigInt(whole);
  let q = num / den;
  if ((num % den) * 2n >= den) q += 1n;
  const value = Number(q);
  return negative && value !== 0 ? -value : value;
}

/** Whether two prices bill on the same cycle (Stripe keeps the billing anchor only then). */
export const sameCycle = (a: Pick<RecurringPrice, 'interval' | 'intervalCount'>, b: typeof a) =>
  a.interval === b.interval && a.intervalCount === b.intervalCount;

/**
 * What a change from `from` to `to` at `at` costs, within the period `periodStart`–`periodEnd`.
 * Both prices must be in the same currency and `at` within the period (the callers refuse otherwise).
 */
export function quotePlanChange(input: {
  from: RecurringPrice;
  to: RecurringPrice;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  trialing: boolean;
}): PlanChangeQuote {
  const { from, to, periodStart, periodEnd, at } = input;
  if (from.currency.toUpperCase() !== to.currency.toUpperCase())
    throw new RangeError('a plan change keeps the currency');
  const start = seconds(periodStart);
  const end = seconds(periodEnd);
  const now = seconds(at);
  if (end <= start || now < start || now > end) throw new RangeError('the change must fall within the period');
  if (input.trialing) return { kind: 'trial', creditCents: 0, chargeCents: 0, totalCents: 0, periodStart, periodEnd };
  const whole = end - start;
  const unused = end - now;
  const creditCents = prorate(from.amountCents, unused, whole);
  if (sameCycle(from, to)) {
    const chargeCents = prorate(to.amountCents, unused, whole);
    return {
      kind: 'prorated',
      creditCents,
      chargeCents,
      totalCents: chargeCents - creditCents,
      periodStart,
      periodEnd,
    };
  }
  const chargeCents = to.amountCents;
  return {
    kind: 'new_period',
    creditCents,
    chargeCents,
    totalCents: chargeCents - creditCents,
    periodStart: at,
    periodEnd: periodEndOf(at, to.interval, to.intervalCount),
  };
}

/**
 * An invoice of `totalCents` against a credit balance of `balanceCents` (as Stripe applies the
 * customer balance): a positive total takes the balance first and charges the rest; a negative
 * total charges nothing and adds to the balance.
 */
export function settle(totalCents: number, balanceCents: number): Settlement {
  const balance = Math.max(0, balanceCents);
  if (totalCents <= 0) return { dueNowCents: 0, balanceAppliedCents: 0, balanceAfterCents: balance - totalCents };
  const applied = Math.min(balance, totalCents);
  return { dueNowCents: totalCents - applied, balanceAppliedCents: applied, balanceAfterCents: balance - applied };
}

/**
 * The rooms a change gains and loses for the subscriber: what the new plan grants and the old did
 * not, and the reverse, leaving out rooms another grant (a pass, lifetime, free days) keeps anyway.
 * Access is the union of the grants held.
 */
export function roomsChange<R extends { slug: string }>(
  fromRooms: readonly R[],
  toRooms: readonly R[],
  heldOtherwise: readonly string[],
): { gained: R[]; lost: R[] } {
  const other = new Set(heldOtherwise);
  const had = new Set(fromRooms.map((r) => r.slug));
  const will = new Set(toRooms.map((r) => r.slug));
  return {
    gained: toRooms.filter((r) => !had.has(r.slug) && !other.has(r.slug)),
    lost: fromRooms.filter((r) => !will.has(r.slug) && !other.has(r.slug)),
  };
}

/** Why a subscription may not move to a plan: `invalid` (400) or `conflict` (409), naming `plan`. */
export interface PlanChangeRefusal {
  kind: 'invalid' | 'conflict';
  message: string;
}

/**
 * The rules of a change target: another plan, open (not archived), recurring (a pass, lifetime or
 * free plan is bought, not changed to), and in the subscription's currency when both are known.
 */
export function planChangeRefusal(
  current: { key: string; currency: string | null },
  target: { key: string; name: string; terms: PlanTerms; archived: boolean; currency: string | null },
): PlanChangeRefusal | null {
  if (target.key === current.key) return { kind: 'invalid', message: `plan: you are on ${target.name} already` };
  if (target.archived) return { kind: 'invalid', message: `plan: ${target.name} takes no new subscribers` };
  if (target.terms !== 'recurring')
    return {
      kind: 'invalid',
      message: `plan: ${target.name} is not a recurring plan; a subscription changes to recurring plans only`,
    };
  if (current.currency && target.currency && current.currency.toUpperCase() !== target.currency.toUpperCase())
    return {
      kind: 'conflict',
      message: `plan: ${target.name} is priced in ${target.currency.toUpperCase()}, your subscription in ${current.currency.toUpperCase()}`,
    };
  return null;
}
