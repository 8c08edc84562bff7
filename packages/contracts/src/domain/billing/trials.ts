// Free trials: a number of days per plan, set in the console, offered once per person.
import type { Plan } from '../common/constants';

/** The longest free trial a plan may offer. */
export const TRIAL_DAYS_MAX = 90;

/**
 * The site's days of free trial per interval (monthly: plans billed by the month, yearly: by the
 * year), for plans without days of their own (`planTrialDays` in plans.ts); 0 offers none.
 */
export type TrialDays = Record<Plan, number>;

export const NO_TRIAL: TrialDays = { monthly: 0, yearly: 0 };
