// Free trials (issue 27): a number of days per plan, set in the console, offered once per person.
import type { Plan } from './constants';

/** The longest free trial a plan may offer. */
export const TRIAL_DAYS_MAX = 90;

/** Days of free trial per plan; 0 offers none. */
export type TrialDays = Record<Plan, number>;

export const NO_TRIAL: TrialDays = { monthly: 0, yearly: 0 };

/**
 * The days of free trial a checkout offers: the plan's setting, and none to someone who has had a
 * subscription (or a trial) before: a trial is once per person.
 */
export function trialDaysFor(days: TrialDays, plan: Plan, subscribedBefore: boolean): number {
  if (subscribedBefore) return 0;
  return days[plan];
}
