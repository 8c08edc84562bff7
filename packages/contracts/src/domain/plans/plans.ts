// Rooms and plans (the console's ROOMS & PLANS): the pure rules a room or a plan must keep before it
// is stored. The server runs them on the plan as it would be saved (a change merged over the stored
// plan) and answers 400 naming the field of the first rule broken.

import { formatAmount } from '../billing/billing';

/** A room's slug or a plan's key: lowercase letters, digits and dashes, 2 to 40, fixed once created. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;
export const SLUG_RULE = '2 to 40 lowercase letters, digits or dashes, starting with a letter or digit';

export const PLAN_TERMS = ['recurring', 'pass', 'lifetime', 'free'] as const;
export type PlanTerms = (typeof PLAN_TERMS)[number];

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** The plans an install had before plans were configurable: a null price means the settings' price. */
export const LEGACY_PLAN_KEYS = ['monthly', 'yearly'] as const;
export const isLegacyPlanKey = (key: string) => (LEGACY_PLAN_KEYS as readonly string[]).includes(key);

/** What the rules look at: a plan as it would be stored. */
export interface PlanShape {
  key: string;
  terms: PlanTerms;
  interval: PlanInterval | null;
  intervalCount: number | null;
  passDays: number | null;
  amountCents: number | null;
  currency: string | null;
  stripePriceId: string | null;
  /** The slugs of the rooms it grants. */
  rooms: readonly string[];
}

/** One broken rule: the input field it concerns and what to say. */
export interface PlanIssue {
  field: keyof PlanShape;
  message: string;
}

/**
 * The rules of a plan's terms, price and rooms, in the order of the form:
 * - recurring needs an interval and a count; a pass needs its days; lifetime and free need neither;
 * - a plan that is not free grants at least one room and has a price (an amount with its currency,
 *   or a Stripe price); the legacy `monthly` and `yearly` may keep no price (the settings' price);
 * - a free plan has no price.
 */
export function planIssues(plan: PlanShape): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const { terms } = plan;
  if (terms === 'recurring') {
    if (plan.interval === null)
      issues.push({ field: 'interval', message: 'interval is required for a recurring plan' });
    if (plan.intervalCount === null)
      issues.push({ field: 'intervalCount', message: 'intervalCount is required for a recurring plan' });
  } else {
    if (plan.interval !== null) issues.push({ field: 'interval', message: `interval is only for a recurring plan` });
    if (plan.intervalCount !== null)
      issues.push({ field: 'intervalCount', message: 'intervalCount is only for a recurring plan' });
  }
  if (terms === 'pass') {
    if (plan.passDays === null) issues.push({ field: 'passDays', message: 'passDays is required for a pass' });
  } else if (plan.passDays !== null) {
    issues.push({ field: 'passDays', message: 'passDays is only for a pass' });
  }
  if (plan.amountCents !== null && plan.currency === null)
    issues.push({ field: 'currency', message: 'currency is required with amountCents' });
  if (plan.currency !== null && plan.amountCents === null)
    issues.push({ field: 'amountCents', message: 'amountCents is required with currency' });
  const priced = plan.amountCents !== null || plan.stripePriceId !== null;
  if (terms === 'free') {
    if (plan.amountCents !== null) issues.push({ field: 'amountCents', message: 'A free plan has no price' });
    if (plan.stripePriceId !== null) issues.push({ field: 'stripePriceId', message: 'A free plan has no price' });
  } else {
    if (plan.rooms.length === 0)
      issues.push({ field: 'rooms', message: 'rooms: a plan that is not free grants at least one room' });
    if (!priced && plan.currency === null && !isLegacyPlanKey(plan.key))
      issues.push({
        field: 'amountCents',
        message: 'amountCents and currency, or stripePriceId: a plan that is not free has a price',
      });
  }
  return issues;
}

/**
 * A plan's amount: its own, or for the legacy `monthly` and `yearly` plans without one (and without
 * a Stripe price) the settings' price for their interval, as checkout reads it. Null: a free plan,
 * one priced only by its Stripe price, or a legacy plan with no price set.
 */
export function planAmountOf(
  plan: Pick<PlanShape, 'key' | 'terms' | 'interval' | 'amountCents' | 'currency' | 'stripePriceId'>,
  settingsPrices: readonly { interval: PlanInterval; amountCents: number; currency: string }[],
): { amountCents: number; currency: string } | null {
  if (plan.amountCents !== null && plan.currency !== null)
    return { amountCents: plan.amountCents, currency: plan.currency };
  if (plan.terms !== 'recurring' || !isLegacyPlanKey(plan.key) || plan.stripePriceId !== null) return null;
  const setting = settingsPrices.find((p) => p.interval === plan.interval);
  return setting ? { amountCents: setting.amountCents, currency: setting.currency } : null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** How the console names a plan's terms: "Monthly", "Quarterly · every 3 months", "Every 2 years", "Pass · 30 days", "Lifetime", "Free". */
export function planTermsText(plan: Pick<PlanShape, 'terms' | 'interval' | 'intervalCount' | 'passDays'>): string {
  switch (plan.terms) {
    case 'recurring': {
      const count = plan.intervalCount ?? 1;
      if (count === 1) return plan.interval === 'year' ? 'Yearly' : 'Monthly';
      if (plan.interval !== 'year' && count === 3) return 'Quarterly · every 3 months';
      if (plan.interval !== 'year' && count === 6) return 'Half-yearly · every 6 months';
      return `Every ${plural(count, plan.interval ?? 'month')}`;
    }
    case 'pass':
      return plan.passDays === null ? 'Pass' : `Pass · ${plural(plan.passDays, 'day')}`;
    case 'lifetime':
      return 'Lifetime';
    case 'free':
      return 'Free';
  }
}

// Buying a plan: its price in words, when a pass ends, and the free trial a checkout offers.

/** An amount and its currency (cents, ISO 4217). */
export interface PlanAmount {
  amountCents: number;
  currency: string;
}

type PlanTermsShape = Pick<PlanShape, 'terms' | 'interval' | 'intervalCount' | 'passDays'>;

/**
 * A plan's price in words: "$49.00 / month", "$129.00 / 3 months", "$490.00 / year",
 * "$19.00 once · 30 days", "$299.00 once · lifetime", "Free".
 */
export function planPriceLabel(plan: PlanTermsShape, price: PlanAmount | null): string {
  if (plan.terms === 'free' || price === null) return 'Free';
  const amount = formatAmount(price.amountCents, price.currency);
  switch (plan.terms) {
    case 'recurring': {
      const count = plan.intervalCount ?? 1;
      const unit = plan.interval ?? 'month';
      return count === 1 ? `${amount} / ${unit}` : `${amount} / ${count} ${unit}s`;
    }
    case 'pass':
      return plan.passDays === null ? `${amount} once` : `${amount} once · ${plural(plan.passDays, 'day')}`;
    case 'lifetime':
      return `${amount} once · lifetime`;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a pass bought at `paidAt` ends: `days` after the payment, or, when a pass of the same plan
 * still runs then, `days` after that one's end (a second pass adds its days).
 */
export function passEndsAt(paidAt: Date, days: number, runningEnd: Date | null = null): Date {
  const from = runningEnd && runningEnd.getTime() > paidAt.getTime() ? runningEnd : paidAt;
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * The free trial a plan offers before its first payment: a recurring plan's own days, else the
 * site's setting for its interval (monthly for months, yearly for years); none for a plan paid once
 * or free. Offered once per person: the checkout gives none to someone who had a subscription before.
 */
export function planTrialDays(
  plan: PlanTermsShape & { trialDays: number | null },
  siteTrialDays: { monthly: number; yearly: number },
): number {
  if (plan.terms !== 'recurring') return 0;
  if (plan.trialDays !== null) return plan.trialDays;
  return plan.interval === 'year' ? siteTrialDays.yearly : siteTrialDays.monthly;
}

/** The rooms-and-plans words of a plan's call to action: SUBSCRIBE, BUY PASS, BUY LIFETIME, JOIN FREE. */
export function planActionLabel(terms: PlanTerms): string {
  switch (terms) {
    case 'recurring':
      return 'SUBSCRIBE';
    case 'pass':
      return 'BUY PASS';
    case 'lifetime':
      return 'BUY LIFETIME';
    case 'free':
      return 'JOIN FREE';
  }
}
