import { z } from 'zod';
import {
  AFFILIATE_STATUSES,
  DISCLOSURE_MAX,
  RECURRING_MONTHS_MAX,
  REFERRAL_CODE_PATTERN,
} from '../../domain/affiliates/affiliates';

/** A referral code as a link or a form carries it (letters, digits, `_` and `-`, 4 to 32). */
export const referralCodeSchema = z
  .string({ error: 'ref must be a referral code' })
  .trim()
  .regex(REFERRAL_CODE_PATTERN, 'ref must be a referral code (4 to 32 letters, digits, _ or -)');

/**
 * The referral a registration or a checkout carries: the code kept from the link (first touch) and
 * when it was touched. Lenient: a malformed code or time attributes nothing and refuses nothing.
 */
export const referralFields = {
  ref: z.string().max(64).optional(),
  /** When the link was first followed (ISO 8601); left out: now. */
  refAt: z.string().max(40).optional(),
};

const percent = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be between 0 and 100`)
    .max(100, `${name} must be between 0 and 100`)
    .refine((v) => Math.round(v * 100) === v * 100, `${name} can have at most two decimals`);

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

/** Earnings in one currency (minor units): unpaid and held, unpaid and due, settled, taken back. */
export const earningsSchema = z.object({
  currency: z.string(),
  pending: z.number().int(),
  payable: z.number().int(),
  paid: z.number().int(),
  clawedBack: z.number().int(),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const referralFiguresSchema = z.object({
  clicks: z.number().int(),
  signUps: z.number().int(),
  /** Referred accounts with at least one commission earned. */
  conversions: z.number().int(),
  earnings: z.array(earningsSchema),
});

/** `GET /api/user/referral`: the subscriber's affiliate account, or what accepting would mean. */
export const referralStateSchema = z.object({
  enrolled: z.boolean(),
  status: z.enum(AFFILIATE_STATUSES).nullable(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** The disclosure line accepted (the desk's current line before accepting): shown wherever the link is promoted. */
  disclosure: z.string(),
  /** The desk's line now (differs from `disclosure` when the desk changed it since): accept again to take it. */
  currentDisclosure: z.string(),
  commissionPercent: z.number(),
  cookieDays: z.number().int(),
  holdDays: z.number().int(),
  figures: referralFiguresSchema,
});
export type ReferralState = z.infer<typeof referralStateSchema>;

export const acceptReferralTermsInput = z.object({
  /** The disclosure line as it was shown: the desk's current line, else 400 naming it. */
  disclosure: z.string({ error: 'disclosure is required' }).max(DISCLOSURE_MAX),
});

export const referralVisitInput = z.object({
  code: referralCodeSchema,
  /** The page the link landed on (path only). */
  path: z
    .string({ error: 'path must be text' })
    .max(300, 'path must be at most 300 characters')
    .regex(/^\//, 'path must start with /')
    .optional(),
});
export const referralVisitOutput = z.object({
  counted: z.boolean(),
  /** The desk's first-touch window in days: the browser keeps the referral that long. */
  cookieDays: z.number().int(),
});

/** The site's affiliate settings (`GET`/`PUT /api/admin/affiliates/settings`). */
export const affiliateSettingsSchema = z.object({
  /** The default rule: percent of the payment. */
  defaultPercent: percent('defaultPercent'),
  /** The default rule: 0 for the first payment only, else every payment for this many months. */
  defaultRecurringMonths: whole('defaultRecurringMonths', 0, RECURRING_MONTHS_MAX),
  cookieDays: whole('cookieDays', 1, 365),
  holdDays: whole('holdDays', 0, 365),
  whopPayments: z.boolean({ error: 'whopPayments must be true or false' }),
  disclosure: z
    .string({ error: 'disclosure must be text' })
    .trim()
    .min(1, 'disclosure is required')
    .max(DISCLOSURE_MAX, `disclosure must be at most ${DISCLOSURE_MAX} characters`),
});
export type AffiliateSettings = z.infer<typeof affiliateSettingsSchema>;

export const commissionRuleSchema = z.object({
  plan: z.string(),
  percent: z.number(),
  recurringMonths: z.number().int(),
});

export const setCommissionRuleInput = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required').max(64),
  percent: percent('percent'),
  recurringMonths: whole('recurringMonths', 0, RECURRING_MONTHS_MAX),
});
export const planParam = z.object({
  plan: z.string({ error: 'plan is required' }).trim().min(1, 'plan is required').max(64),
});

export const adminAffiliateSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  code: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  /** The affiliate's own percent over the plans' rules, or null. */
  ratePercent: z.number().nullable(),
  termsAcceptedAt: z.string(),
  createdAt: z.string(),
  clicks: z.number().int(),
  signUps: z.number().int(),
  conversions: z.number().int(),
  earnings: z.array(earningsSchema),
  promotionCodes: z.array(z.string()),
});
export type AdminAffiliate = z.infer<typeof adminAffiliateSchema>;

export const adminAffiliatesOutput = z.object({
  affiliates: z.array(adminAffiliateSchema),
  rules: z.array(commissionRuleSchema),
  settings: affiliateSettingsSchema,
});
export type AdminAffiliates = z.infer<typeof adminAffiliatesOutput>;

export const affiliateIdParam = z.object({
  id: z.coerce.number().int().positive('id must be a positive whole number'),
});
export const setAffiliateRateInput = affiliateIdParam.extend({
  /** null: back to the plans' rules. */
  percent: percent('percent').nullable(),
});
export const markPayoutInput = affiliateIdParam.extend({
  reference: z.string({ error: 'reference must be text' }).trim().max(200, 'reference must be at most 200 characters'),
});
export const payoutSchema = z.object({
  id: z.number().int(),
  affiliateId: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  paidAt: z.string(),
});
export const markPayoutOutput = z.object({ payouts: z.array(payoutSchema) });

export const linkPromotionCodeInput = affiliateIdParam.extend({
  /** The promotion code's text; the code then attributes its buyers to this affiliate. */
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64),
});

export const payoutsExportSchema = z.object({
  filename: z.string(),
  /** One row per affiliate and currency with something payable. */
  rows: z.number().int(),
  csv: z.string(),
});

/** An affiliate changed: `voided` counts the unpaid commissions a suspension voided (0 otherwise). */
export const affiliateActionOutput = z.object({ ok: z.literal(true), voided: z.number().int() });
