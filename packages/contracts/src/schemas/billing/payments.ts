import { z } from 'zod';
import { SLUG_PATTERN } from '../../domain/plans/plans';
import { emailSchema, userSchema } from '../auth/auth';
import { consentVersionsSchema } from '../site/consent';
import { referralFields } from '../affiliates/affiliates';

// Checkout (`POST /api/create-checkout-session`): the landing page as specified always sends plan monthly;
// any plan's key is taken.

/** A plan's key; the server answers 400 naming `plan` when no open plan has it. */
export const planChoiceSchema = z
  .string({ error: 'Plan must be the key of a plan' })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, 'Plan must be the key of a plan');

export const checkoutInput = z.object({
  email: emailSchema,
  /** Any open plan's key, listed or not (an offer); left out: the default plan. */
  plan: planChoiceSchema.optional(),
  /**
   * The versions of the terms, the risk disclosure and the refund policy the buyer was shown and
   * accepted (`legalVersions` of the site's configuration). A version no longer current is a 400
   * naming it: the page changed since it was shown. Left out (a script), the current versions are
   * recorded as not shown.
   */
  accepted: consentVersionsSchema.optional(),
  ...referralFields,
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Where the browser goes next: Stripe Checkout, or the local test-mode checkout page. */
export const checkoutOutput = z.object({ url: z.string() });
export type CheckoutOutput = z.infer<typeof checkoutOutput>;

/** GET /plans/{plan} and POST /plans/{plan}/join. */
export const planPathInput = z.object({ plan: planChoiceSchema });
export type PlanPathInput = z.infer<typeof planPathInput>;

/** POST /plans/{plan}/join: the free plan's grant, and the account as it is now. */
export const joinPlanOutput = z.object({
  message: z.string(),
  /** False when the account held the plan already (nothing changed). */
  joined: z.boolean(),
  user: userSchema,
});
export type JoinPlanOutput = z.infer<typeof joinPlanOutput>;
