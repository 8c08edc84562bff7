// Promotion codes: with Stripe they live in Stripe (the buyer types them on Stripe
// Checkout); in the local test mode the console creates them and the local checkout takes them. A
// local code takes its discount off one invoice: the first paid one (after the trial, if any).

/** Codes are letters, digits, '-' and '_', matched without regard to case (kept in capitals). */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
export const PROMOTION_CODE_MAX = 40;

export const normalizePromotionCode = (code: string) => code.trim().toUpperCase();

export interface PromotionTerms {
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string | null;
}

/** The discount in cents a code takes off an amount (never more than the amount; 0 for another currency). */
export function discountCentsOf(terms: PromotionTerms, amountCents: number, currency: string): number {
  if (terms.percentOff !== null) return Math.min(amountCents, Math.round((amountCents * terms.percentOff) / 100));
  if (terms.amountOffCents !== null) {
    if (terms.currency && terms.currency.toUpperCase() !== currency.toUpperCase()) return 0;
    return Math.min(amountCents, terms.amountOffCents);
  }
  return 0;
}

/** Why a code cannot be redeemed now, in words for the buyer; null when it can. */
export function promotionCodeProblem(
  code: { maxRedemptions: number | null; expiresAt: Date | null },
  timesRedeemed: number,
  now: Date,
): string | null {
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return 'This promotion code has expired';
  if (code.maxRedemptions !== null && timesRedeemed >= code.maxRedemptions)
    return 'This promotion code has been used up';
  return null;
}

/** "20% off" or "USD 5.00 off". */
export function promotionLabel(terms: PromotionTerms): string {
  if (terms.percentOff !== null) return `${terms.percentOff}% off`;
  if (terms.amountOffCents !== null)
    return `${(terms.currency ?? '').toUpperCase()} ${(terms.amountOffCents / 100).toFixed(2)} off`.trim();
  return 'no discount';
}

/**
 * Whether a code applies to a plan: a code limited to plans (their keys) applies to those only; a
 * code with no plans applies to every plan.
 */
export function promotionAppliesTo(code: { plans: readonly string[] }, planKey: string): boolean {
  return code.plans.length === 0 || code.plans.includes(planKey);
}

/** Why a code limited to plans does not apply to this one, in words for the buyer. */
export const promotionPlanProblem = (planKey: string) => `This promotion code does not apply to the ${planKey} plan`;
