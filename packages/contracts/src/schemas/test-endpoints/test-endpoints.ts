import { z } from 'zod';
import { emailSchema, userSchema } from '../auth/auth';
import { planChoiceSchema } from '../billing/payments';
import { PLAN_INTERVALS, PLAN_TERMS } from '../../domain/plans/plans';

// The development-only subscription test page (`/test-subscription`) and its `/api/test/...` calls.
// Absent (404) in production.

/** Any plan's key (monthly, yearly, or one the desk made: quarterly, a pass, lifetime, a free teaser). */
export const testActivateInput = z.object({ email: emailSchema, plan: planChoiceSchema.default('monthly') });
export type TestActivateInput = z.infer<typeof testActivateInput>;

export const testEmailInput = z.object({ email: emailSchema });
export type TestEmailInput = z.infer<typeof testEmailInput>;

export const testUserOutput = z.object({ user: userSchema });

export const testActivateOutput = z.object({ user: userSchema, message: z.string() });

export const testDeactivateOutput = z.object({ success: z.literal(true), user: userSchema, message: z.string() });

/**
 * Never a password: the new account gets a one-time set-password link by e-mail instead
 * (`welcomeEmailSent` tells whether that e-mail went out on this call).
 */
export const testCheckoutSuccessOutput = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string(),
  accountCreated: z.boolean(),
  welcomeEmailSent: z.boolean(),
});

/** GET /test/plans: every plan that is not archived, listed or not, in the desk's order. */
export const testPlansOutput = z.object({
  plans: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      terms: z.enum(PLAN_TERMS),
      interval: z.enum(PLAN_INTERVALS).nullable(),
      intervalCount: z.number().int().nullable(),
      passDays: z.number().int().nullable(),
      listed: z.boolean(),
      isDefault: z.boolean(),
    }),
  ),
});
export type TestPlansOutput = z.infer<typeof testPlansOutput>;

/** The simulated dispute of the test mode: the ledger entry it wrote (null when it was there already). */
export const testDisputeOutput = z.object({ disputeId: z.string(), user: userSchema, message: z.string() });
