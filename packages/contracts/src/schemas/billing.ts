import { z } from 'zod';
import { CANCEL_REASON_MAX } from '../domain/billing';
import { PLANS } from '../domain/constants';

// Plans and price (public) and the subscriber's own billing (profile › Billing).

export const planPriceSchema = z.object({
  plan: z.enum(PLANS),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  /** "$49.00 / month", formatted once on the server. */
  label: z.string(),
});
export type PlanPriceView = z.infer<typeof planPriceSchema>;

export const plansOutput = z.object({
  /** Monthly first; yearly only when it is offered. Empty when no price is configured. */
  plans: z.array(planPriceSchema),
  /** Where the price comes from: Stripe's Price, or the server's settings. */
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
  currency: z.string(),
  /** Stripe's invoice status: paid, open, void, uncollectible, draft. */
  status: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingSummary = z.object({
  /** Who bills this account: Stripe, the local test mode, or nobody (access granted by hand, or none). */
  provider: z.enum(['stripe', 'local', 'none']),
  plan: z.enum(PLANS).nullable(),
  price: planPriceSchema.nullable(),
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
  invoices: z.array(invoiceSchema),
  /** Stripe only: the Customer Portal can be opened. */
  canManage: z.boolean(),
  /** The subscription can be cancelled at the period end, or resumed before it. */
  canCancel: z.boolean(),
  canResume: z.boolean(),
  /** Set when Stripe could not be asked for the card and invoices just now. */
  detailsUnavailable: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummary>;

export const cancelSubscriptionInput = z.object({
  reason: z
    .string({ error: 'Please tell us why you are cancelling' })
    .trim()
    .min(1, 'Please tell us why you are cancelling')
    .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`),
});
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionInput>;

export const billingChangeOutput = z.object({ message: z.string(), summary: billingSummary });
export type BillingChangeOutput = z.infer<typeof billingChangeOutput>;

export const billingPortalOutput = z.object({ url: z.string() });
