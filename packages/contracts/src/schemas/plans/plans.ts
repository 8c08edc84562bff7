import { z } from 'zod';
import { PLAN_INTERVALS, PLAN_TERMS, SLUG_PATTERN, SLUG_RULE } from '../../domain/plans/plans';
import { WHOP_PLAN_ID_PATTERN } from '../../domain/billing/whop';
import { roomSlugSchema } from '../rooms/rooms';

// Plans (the console's ROOMS & PLANS, and the public list): what a buyer chooses; each grants rooms on its terms.

export const planKeySchema = z
  .string({ error: 'key is required' })
  .trim()
  .regex(SLUG_PATTERN, `key must be ${SLUG_RULE}`);

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${min} to ${max}`)
    .max(max, `${field} must be ${min} to ${max}`);

const planFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(2000, 'description must be at most 2000 characters'),
  terms: z.enum(PLAN_TERMS, { error: `terms must be one of ${PLAN_TERMS.join(', ')}` }),
  interval: z.enum(PLAN_INTERVALS, { error: `interval must be one of ${PLAN_INTERVALS.join(', ')}` }).nullable(),
  intervalCount: whole('intervalCount', 1, 12).nullable(),
  passDays: whole('passDays', 1, 3650).nullable(),
  amountCents: whole('amountCents', 1, 100_000_000).nullable(),
  currency: z
    .string({ error: 'currency must be text' })
    .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code')
    .transform((c) => c.toUpperCase())
    .nullable(),
  stripePriceId: z
    .string({ error: 'stripePriceId must be text' })
    .trim()
    .regex(/^price_[A-Za-z0-9]{1,90}$/, 'stripePriceId must be a Stripe price id (price_…)')
    .nullable(),
  trialDays: whole('trialDays', 0, 90).nullable(),
  rooms: z.array(roomSlugSchema, { error: 'rooms must be a list of room slugs' }).max(100, 'rooms: at most 100'),
  position: whole('position', 0, 10_000),
  listed: z.boolean({ error: 'listed must be true or false' }),
};

/** POST /admin/plans. */
export const planCreateInput = z.strictObject({
  key: planKeySchema,
  name: planFields.name,
  description: planFields.description.default(''),
  terms: planFields.terms,
  interval: planFields.interval.default(null),
  intervalCount: planFields.intervalCount.default(null),
  passDays: planFields.passDays.default(null),
  amountCents: planFields.amountCents.default(null),
  currency: planFields.currency.default(null),
  stripePriceId: planFields.stripePriceId.default(null),
  trialDays: planFields.trialDays.default(null),
  rooms: planFields.rooms,
  position: planFields.position.optional(),
  listed: planFields.listed.default(true),
});
export type PlanCreateInput = z.infer<typeof planCreateInput>;

/** PATCH /admin/plans/{key}: any field but the key (fixed once created); null clears a nullable one. */
export const planUpdateInput = z.strictObject({
  key: planKeySchema,
  name: planFields.name.optional(),
  description: planFields.description.optional(),
  terms: planFields.terms.optional(),
  interval: planFields.interval.optional(),
  intervalCount: planFields.intervalCount.optional(),
  passDays: planFields.passDays.optional(),
  amountCents: planFields.amountCents.optional(),
  currency: planFields.currency.optional(),
  stripePriceId: planFields.stripePriceId.optional(),
  trialDays: planFields.trialDays.optional(),
  rooms: planFields.rooms.optional(),
  position: planFields.position.optional(),
  listed: planFields.listed.optional(),
});
export type PlanUpdateInput = z.infer<typeof planUpdateInput>;

/** POST /admin/plans/{key}/archive. */
export const planKeyInput = z.object({ key: planKeySchema });
export type PlanKeyInput = z.infer<typeof planKeyInput>;

export const planAmountSchema = z.object({ amountCents: z.number().int(), currency: z.string() });

/** A plan as the console lists it (the base of `adminPlanSchema`). */
export const planViewSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  terms: z.enum(PLAN_TERMS),
  interval: z.enum(PLAN_INTERVALS).nullable(),
  intervalCount: z.number().int().nullable(),
  passDays: z.number().int().nullable(),
  /**
   * The amount and currency: the plan's own, or for the legacy `monthly` and `yearly` plans without
   * one the settings' price for their interval. Null: a free plan, one priced only by its Stripe
   * price, or a legacy plan with no price set.
   */
  price: planAmountSchema.nullable(),
  /** Null: the site's trial setting for the plan's interval. */
  trialDays: z.number().int().nullable(),
  rooms: z.array(z.object({ slug: z.string(), name: z.string() })),
  position: z.number().int(),
  listed: z.boolean(),
  /** The plan a checkout or a grant without a named plan means. */
  isDefault: z.boolean(),
  archivedAt: z.string().nullable(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** A plan in the console: its Stripe price and how many hold it now. */
export const adminPlanSchema = planViewSchema.extend({
  stripePriceId: z.string().nullable(),
  /** The plan's own amount and currency (null: priced by its Stripe price or the settings, or free). */
  ownPrice: planAmountSchema.nullable(),
  /** Users with a grant of this plan that has not ended (no end, or an end ahead). */
  holders: z.number().int(),
});
export type AdminPlanView = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.array(adminPlanSchema);

// Whop plans (docs/features/whop.md): which T0 plan a Whop membership of each Whop plan grants; a
// Whop plan not listed grants the default plan.

export const whopPlanIdSchema = z
  .string({ error: 'whopPlanId is required' })
  .trim()
  .regex(WHOP_PLAN_ID_PATTERN, 'whopPlanId must be a Whop plan id (plan_ and letters or digits)');

/** PUT /admin/whop-plans/{whopPlanId}: a Whop plan grants this T0 plan (set or changed). */
export const whopPlanSetInput = z.object({
  whopPlanId: whopPlanIdSchema,
  plan: z.string({ error: 'plan is required' }).trim().regex(SLUG_PATTERN, 'plan must be the key of a plan'),
});
export type WhopPlanSetInput = z.infer<typeof whopPlanSetInput>;

/** DELETE /admin/whop-plans/{whopPlanId}: the Whop plan grants the default plan again. */
export const whopPlanIdInput = z.object({ whopPlanId: whopPlanIdSchema });
export type WhopPlanIdInput = z.infer<typeof whopPlanIdInput>;

export const whopPlanSchema = z.object({
  whopPlanId: z.string(),
  /** The T0 plan's key and name. */
  plan: z.string(),
  planName: z.string(),
  updatedAt: z.string(),
});
export type WhopPlanView = z.infer<typeof whopPlanSchema>;

export const whopPlanListSchema = z.object({
  mappings: z.array(whopPlanSchema),
  /** The plan an unlisted Whop plan grants (the default plan's key and name). */
  defaultPlan: z.object({ key: z.string(), name: z.string() }),
  /** Whether `WHOP_WEBHOOK_SECRET` is set (the webhook is answered). */
  webhookConfigured: z.boolean(),
});
export type WhopPlanList = z.infer<typeof whopPlanListSchema>;

export const whopPlanRemovedSchema = z.object({ removed: z.boolean() });
