import { z } from 'zod';
import { SLUG_PATTERN } from '../../domain/plans/plans';
import { normalizePromotionCode, PROMOTION_CODE_MAX, PROMOTION_CODE_PATTERN } from '../../domain/promotions/promotions';
import { idParam } from '../common/common';

// The console's promotion codes (billing): Stripe's codes and redemptions, or the local test mode's.

export const promotionCodeInput = z
  .string({ error: 'code must be a string' })
  .max(PROMOTION_CODE_MAX, `code must be at most ${PROMOTION_CODE_MAX} characters`)
  .transform(normalizePromotionCode)
  .refine((c) => PROMOTION_CODE_PATTERN.test(c), 'code must be 3 to 40 letters, digits, - or _');

/** The plans a code applies to (their keys, each once); empty: every plan. */
export const promotionPlansInput = z
  .array(
    z
      .string({ error: 'plans must be a list of plan keys' })
      .trim()
      .regex(SLUG_PATTERN, 'plans must be a list of plan keys'),
    { error: 'plans must be a list of plan keys' },
  )
  .max(100, 'plans: at most 100')
  .transform((keys) => [...new Set(keys)]);

/** An affiliate's id (`affiliates.id`), as the console's promotion code form sends it. */
const affiliateIdInput = z
  .number({ error: 'affiliateId must be a number' })
  .int('affiliateId must be a whole number')
  .positive('affiliateId must be a positive whole number');

export const createPromotionCodeInput = z
  .object({
    code: promotionCodeInput,
    percentOff: z
      .number({ error: 'percentOff must be a number' })
      .int('percentOff must be a whole number')
      .min(1, 'percentOff must be 1 to 100')
      .max(100, 'percentOff must be 1 to 100')
      .nullable()
      .default(null),
    amountOffCents: z
      .number({ error: 'amountOffCents must be a number' })
      .int('amountOffCents must be whole cents')
      .min(1, 'amountOffCents must be at least 1')
      .max(10_000_000, 'amountOffCents is too large')
      .nullable()
      .default(null),
    currency: z
      .string({ error: 'currency must be a string' })
      .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code')
      .transform((c) => c.toUpperCase())
      .nullable()
      .default(null),
    maxRedemptions: z
      .number({ error: 'maxRedemptions must be a number' })
      .int('maxRedemptions must be a whole number')
      .min(1, 'maxRedemptions must be at least 1')
      .max(1_000_000, 'maxRedemptions is too large')
      .nullable()
      .default(null),
    expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }).nullable().default(null),
    plans: promotionPlansInput.default([]),
    /** The affiliate the code belongs to (an active one): its buyers are attributed to them. */
    affiliateId: affiliateIdInput.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.percentOff === null) === (v.amountOffCents === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'percentOff or amountOffCents: exactly one of them',
      });
    }
    if (v.amountOffCents !== null && v.currency === null)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'currency is required with amountOffCents' });
    if (v.expiresAt !== null && new Date(v.expiresAt).getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'expiresAt must be in the future' });
  });
export type CreatePromotionCodeInput = z.infer<typeof createPromotionCodeInput>;

/**
 * PATCH /admin/promotion-codes/{id}: a local code's plans (what it applies to) and its affiliate
 * (null: none); what is left out stays.
 */
export const updatePromotionCodeInput = idParam
  .extend({
    plans: promotionPlansInput.optional(),
    affiliateId: affiliateIdInput.nullable().optional(),
  })
  .refine((v) => v.plans !== undefined || v.affiliateId !== undefined, {
    path: ['plans'],
    message: 'plans or affiliateId: at least one of them',
  });
export type UpdatePromotionCodeInput = z.infer<typeof updatePromotionCodeInput>;

export const promotionCodeView = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** "20% off", "USD 5.00 off". */
  label: z.string(),
  maxRedemptions: z.number().int().nullable(),
  timesRedeemed: z.number().int(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  /** A local code's plans (their keys): it applies to those only; empty: every plan. */
  plans: z.array(z.string()),
  /**
   * A Stripe code's coupon limited to products (`applies_to.products`): Stripe Checkout takes the
   * code only for prices of those products. Empty: every product, or a local code.
   */
  appliesToProducts: z.array(z.string()),
  /** The affiliate a local code belongs to (its buyers are attributed to them); null for none and for Stripe's codes. */
  affiliateId: z.number().int().nullable(),
  /** That affiliate's referral code. */
  affiliateCode: z.string().nullable(),
});
export type PromotionCodeView = z.infer<typeof promotionCodeView>;

export const promotionRedemptionView = z.object({
  code: z.string().nullable(),
  email: z.string().nullable(),
  redeemedAt: z.string(),
  /** Null while a local code waits for the first paid invoice (after a trial). */
  discountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The invoice's number (or id) that took the discount. */
  invoice: z.string().nullable(),
});
export type PromotionRedemptionView = z.infer<typeof promotionRedemptionView>;

/**
 * A win-back offer not made: Stripe refused it for good (a 4xx but 409 and 429), or failed on every
 * try of its job (about a day). No code was made, nothing was sent, and the subscription is not
 * offered again.
 */
export const winBackFailureView = z.object({
  /** The account the offer was for (the subscription's address). */
  email: z.string().nullable(),
  /** The subscription that ended. */
  subscriptionId: z.string(),
  endedAt: z.string().nullable(),
  failedAt: z.string(),
  /** Why: Stripe's refusal as it answered ("Stripe refused the coupon (400): …"), or "Not made after 15 tries; the last failed with: …". */
  failure: z.string(),
});
export type WinBackFailureView = z.infer<typeof winBackFailureView>;

export const promotionsOutput = z.object({
  /** Where the codes live: Stripe, our own tables (local test mode), or nowhere (payments off). */
  source: z.enum(['stripe', 'local', 'none']),
  /** Codes are created here only in the local test mode (Stripe's in its Dashboard). */
  canCreate: z.boolean(),
  codes: z.array(promotionCodeView),
  redemptions: z.array(promotionRedemptionView),
  /** Set when Stripe could not be asked just now. */
  unavailable: z.boolean(),
  /** Win-back offers not made, newest first (the last 50; from our records, whatever Stripe answers now). */
  winBackFailures: z.array(winBackFailureView),
});
export type PromotionsOutput = z.infer<typeof promotionsOutput>;
