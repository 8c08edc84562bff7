import { z } from 'zod';
import { SLUG_PATTERN } from '../domain/plans';
import { PLANS } from '../domain/constants';
import { emailSchema } from './auth';

// Checkout (spec 1 §7): the landing page always sends plan monthly; the test page also offers yearly.

export const planSchema = z.enum(PLANS, { error: 'Plan must be monthly or yearly' });

/** A plan's key; the server answers 400 naming `plan` when no open plan has it. */
export const planChoiceSchema = z
  .string({ error: 'Plan must be the key of a plan' })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, 'Plan must be the key of a plan');

export const checkoutInput = z.object({
  email: emailSchema,
  plan: planSchema.default('monthly'),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

/** Where the browser goes next: Stripe Checkout, or the local test-mode checkout page. */
export const checkoutOutput = z.object({ url: z.string() });
export type CheckoutOutput = z.infer<typeof checkoutOutput>;
