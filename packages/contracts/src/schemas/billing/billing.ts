import { z } from 'zod';
import { CANCEL_REASON_MAX } from '../../domain/billing/billing';
import { PLANS } from '../../domain/common/constants';
import { PLAN_INTERVALS, PLAN_TERMS } from '../../domain/plans/plans';

// Plans and prices (public) and the subscriber's own billing (profile › Billing).

export const planPriceSchema = z.object({
  plan: z.enum(PLANS),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  /** "$49.00 / month", formatted once on the server. */
  label: z.string(),
});
export type PlanPriceView = z.infer<typeof planPriceSchema>;

/**
 * A plan anyone may choose (GET /api/plans, GET /api/plans/{plan}): its terms, the rooms it grants,
 * its price and its free trial. `plan`, `amountCents`, `currency`, `interval` and `label` are the
 * fields the earlier answer had (the key, and the price flat), kept for its clients.
 */
export const planOfferSchema = z.object({
  key: z.string(),
  /** The key again, under the earlier answer's name. */
  plan: z.string(),
  name: z.string(),
  description: z.string(),
  terms: z.enum(PLAN_TERMS),
  /** A recurring plan's interval (null for a pass, lifetime or free). */
  interval: z.enum(PLAN_INTERVALS).nullable(),
  intervalCount: z.number().int().nullable(),
  passDays: z.number().int().nullable(),
  rooms: z.array(z.object({ slug: z.string(), name: z.string() })),
  price: z.object({
    /** In the currency's smallest unit; 0 for a free plan. */
    amountCents: z.number().int().nonnegative(),
    currency: z.string(),
    /** "$49.00 / month", "$129.00 / 3 months", "$19.00 once · 30 days", "$299.00 once · lifetime", "Free". */
    label: z.string(),
  }),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  label: z.string(),
  /** Days of free trial a first subscription gets (the plan's, else the site's setting); 0 for a plan paid once. */
  trialDays: z.number().int().nonnegative(),
  /** The plan a checkout without a plan buys. */
  isDefault: z.boolean(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const plansOutput = z.object({
  /**
   * The listed plans that are not archived, in the desk's order, each with a price that can be read
   * now (a plan priced only by a Stripe price that cannot be read is left out until it can).
   */
  plans: z.array(planOfferSchema),
  /** Who takes the payment: Stripe, or the server itself (its settings' prices, the local test mode). */
  source: z.enum(['stripe', 'settings']),
  testMode: z.boolean(),
});
export type PlansOutput = z.infer<typeof plansOutput>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  /** What promotion codes took off (amountCents is after it). */
  discountCents: z.number().int(),
  /** What the customer's credit balance paid (a downgrade's credit; amountCents is after it). */
  creditCents: z.number().int(),
  /** What the invoice was for when it is not a period's renewal ("Plan change: Signals → Gold"). */
  description: z.string().nullable(),
  currency: z.string(),
  /** Stripe's invoice status: paid, open, void, uncollectible, draft; a Whop membership's payment `paid`, its refund `refunded`. */
  status: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const roomRef = z.object({ slug: z.string(), name: z.string() });

/** A recurring plan as the subscriber's Billing shows it: its name, price and rooms. */
export const subscriptionPlanSchema = z.object({
  key: z.string(),
  name: z.string(),
  interval: z.enum(PLAN_INTERVALS).nullable(),
  intervalCount: z.number().int().nullable(),
  /** "€49.00 / month", "€120.00 / 3 months"; null when the plan is priced by Stripe alone. */
  label: z.string().nullable(),
  rooms: z.array(roomRef),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const billingSummary = z.object({
  /** Who bills this account: Stripe, the local test mode, a Whop membership, or nobody (access granted by hand, or none). */
  provider: z.enum(['stripe', 'local', 'whop', 'none']),
  plan: z.enum(PLANS).nullable(),
  /** The plan's price here; null for a Whop membership (Whop sets what it charges: see `invoices`). */
  price: planPriceSchema.nullable(),
  /** The plan the subscription is on (any recurring plan, the legacy ones too), with its rooms. */
  subscriptionPlan: subscriptionPlanSchema.nullable(),
  status: z.string(),
  hasAccess: z.boolean(),
  /** The end of the paid period: the renewal date, or the end date when cancelling. */
  currentPeriodEnd: z.string().nullable(),
  /** While trialing: when the free days end (the first payment, unless cancelled). */
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelReason: z.string().nullable(),
  /** While past due: when access ends unless the payment goes through. */
  graceEndsAt: z.string().nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Newest first. A Whop membership: Whop's payments and refunds as its webhooks told them (receipts are at Whop). */
  invoices: z.array(invoiceSchema),
  /** Stripe only: the Customer Portal can be opened. */
  canManage: z.boolean(),
  /** A Whop membership: where the buyer manages it (Whop bills it; the product neither cancels nor changes it). */
  manageUrl: z.string().nullable(),
  /** The subscription can be cancelled at the period end, or resumed before it. */
  canCancel: z.boolean(),
  canResume: z.boolean(),
  /** A running subscription (active or trialing, not set to end) may move to another recurring plan. */
  canChangePlan: z.boolean(),
  /** The local test mode's credit balance (a downgrade's credit), taken off the next invoice; null when none. */
  creditBalance: z.object({ amountCents: z.number().int(), currency: z.string() }).nullable(),
  /** Set when Stripe could not be asked for the card and invoices just now. */
  detailsUnavailable: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummary>;

/** Cancelling asks a reason but does not require one: absent or empty is "not given". */
export const cancelSubscriptionInput = z.object({
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`)
    .optional(),
});
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionInput>;

export const billingChangeOutput = z.object({ message: z.string(), summary: billingSummary });
export type BillingChangeOutput = z.infer<typeof billingChangeOutput>;

export const billingPortalOutput = z.object({ url: z.string() });

// Changing plans (GET and POST /billing/plan-change).

const planField = z
  .string({ error: 'plan is required' })
  .trim()
  .min(1, 'plan is required')
  .max(40, 'plan must be at most 40 characters');

/** GET /billing/plan-change?plan=KEY: what moving to this plan would cost now. */
export const planChangePreviewInput = z.object({ plan: planField });
export type PlanChangePreviewInput = z.infer<typeof planChangePreviewInput>;

/** POST /billing/plan-change. */
export const planChangeInput = z.object({
  plan: planField,
  /**
   * The preview's `prorationDate`: the change is prorated at that moment, so it costs what the
   * preview said. At most a few minutes old; without it, now.
   */
  prorationDate: z.iso.datetime({ offset: true, error: 'prorationDate must be a date and time (ISO 8601)' }).optional(),
});
export type PlanChangeInput = z.infer<typeof planChangeInput>;

const planChangeSide = z.object({ key: z.string(), name: z.string(), label: z.string().nullable() });

export const planChangeQuoteSchema = z.object({
  from: planChangeSide,
  to: planChangeSide,
  /**
   * `prorated`: same interval and count, the renewal date stays; `new_period`: another interval or
   * count, a new period starts now; `trial`: the trial continues on the new plan, nothing is charged.
   */
  kind: z.enum(['prorated', 'new_period', 'trial']),
  /** The unused time of the current plan. */
  creditCents: z.number().int(),
  /** The remaining time of the new plan (`prorated`), or its whole price (`new_period`). */
  chargeCents: z.number().int(),
  /** charge − credit (negative: a credit). */
  totalCents: z.number().int(),
  /** Charged now: the total less any credit balance, never below zero. */
  dueNowCents: z.number().int(),
  /** The credit balance after the change, taken off the next invoice. */
  creditBalanceCents: z.number().int(),
  currency: z.string(),
  /** When the period after the change ends (the next renewal). */
  periodEnd: z.string(),
  /** The moment the change is prorated at; pass it to the change so that it costs what this says. */
  prorationDate: z.string(),
  /** Rooms the change adds or takes away (rooms another grant keeps are not listed). */
  roomsGained: z.array(roomRef),
  roomsLost: z.array(roomRef),
});
export type PlanChangeQuoteView = z.infer<typeof planChangeQuoteSchema>;

export const planChangeOutput = z.object({
  message: z.string(),
  /** The billing summary after the change (with Stripe, the plan shows once Stripe's webhook confirms it). */
  summary: billingSummary,
  change: planChangeQuoteSchema,
});
export type PlanChangeOutput = z.infer<typeof planChangeOutput>;
