// Dunning (a failed payment) and win-back (an offer after a subscription ended): pure rules.
import { graceEndsAt } from './billing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who e-mails a subscriber about a failed payment: Stripe's own dunning e-mails, or this product. */
export const DUNNING_EMAILS = ['stripe', 't0'] as const;
export type DunningEmails = (typeof DUNNING_EMAILS)[number];

/** With Stripe configured its own dunning e-mails are the default; the test mode has none, so the product sends them. */
export const defaultDunningEmails = (stripeConfigured: boolean): DunningEmails => (stripeConfigured ? 'stripe' : 't0');

/** The reminders of a grace period: this many days before access ends, in order. */
export const DUNNING_REMINDER_DAYS_BEFORE = [3, 1] as const;

/**
 * The reminder due now for a subscription past due since `pastDueSince`, as its number (1 for the
 * first of `DUNNING_REMINDER_DAYS_BEFORE`, …), or 0 when none is due. A reminder whose time is not
 * after the failure is not one (the failure's own message said it); when several are due (a sweep
 * missed one) only the latest goes out, and one already sent (`sent`, the number of the last) never
 * again. None once access has ended.
 */
export function dunningReminderDue(pastDueSince: Date, graceDays: number, sent: number, now: Date): number {
  const ends = graceEndsAt(pastDueSince, graceDays).getTime();
  if (now.getTime() >= ends) return 0;
  let due = 0;
  DUNNING_REMINDER_DAYS_BEFORE.forEach((days, i) => {
    const at = ends - days * DAY_MS;
    if (at > pastDueSince.getTime() && at <= now.getTime()) due = i + 1;
  });
  return due > sent ? due : 0;
}

/** The win-back offer: on or off, days after the end, percent off, and for how many months (Stripe; locally one invoice). */
export interface WinBackSettings {
  enabled: boolean;
  days: number;
  percentOff: number;
  durationMonths: number;
}

/** Off until the desk turns it on: a discount is money the desk decides to give. */
export const DEFAULT_WIN_BACK: WinBackSettings = { enabled: false, days: 14, percentOff: 20, durationMonths: 1 };
export const WIN_BACK_DAYS_MAX = 365;
export const WIN_BACK_MONTHS_MAX = 36;
/** How long a win-back code stays valid after it is sent. */
export const WIN_BACK_CODE_DAYS = 30;

/** The window of ends a sweep offers to: ended at least `days` ago, and not more than a week before that (no offers for old history when the feature is turned on). */
export function winBackWindow(days: number, now: Date): { endedFrom: Date; endedUntil: Date } {
  const until = now.getTime() - days * DAY_MS;
  return { endedFrom: new Date(until - 7 * DAY_MS), endedUntil: new Date(until) };
}

/**
 * Whether a provider's refusal of a win-back offer is final: a 4xx other than 409 (a request with the
 * same idempotency key still running) and 429 (too many requests) says the request itself is wrong,
 * so trying it again cannot help. A 5xx, or no answer at all (`undefined`), may pass: tried again.
 */
export function winBackRefusalIsFinal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429;
}
