import type { PlanPrice } from '@t0/contracts/domain/billing/billing';
import type { Plan } from '@t0/contracts/domain/common/constants';
import type { Invoice } from '@t0/contracts/schemas/billing/billing';
import type { PromotionCodeView, PromotionRedemptionView } from '@t0/contracts/schemas/promotions/promotions';

/** The plan a checkout buys, as the provider needs it (a free plan is never checked out). */
export interface CheckoutPlan {
  key: string;
  name: string;
  terms: 'recurring' | 'pass' | 'lifetime';
  interval: 'month' | 'year' | null;
  intervalCount: number | null;
  passDays: number | null;
  /** The plan's own Stripe price, if it has one. */
  stripePriceId: string | null;
  /** The plan's own amount (or, for the legacy plans, the settings' price): charged when no provider price is named. */
  amount: { amountCents: number; currency: string } | null;
}

/** The provider cannot sell this plan (no price it can charge): answered 400 naming `plan`. */
export class PlanNotForSaleError extends Error {
  override readonly name = 'PlanNotForSaleError';
}

export interface CheckoutRequest {
  email: string;
  plan: CheckoutPlan;
  /** Our record of the started checkout (`pending_payments.id`). */
  pendingPaymentId: number;
  /** A single-use, unguessable secret naming the checkout; only its hash is stored. */
  reference: string;
  /** Days of free trial before the first payment (0: none); already checked as once per person. */
  trialDays: number;
  /**
   * The buyer's customer at the provider when they have been one (a subscriber coming back): the
   * checkout is made for that customer, so a promotion code made for them alone (a win-back offer)
   * is taken there.
   */
  customerId?: string | null;
}

export interface CheckoutStarted {
  /** Where the browser goes to pay. */
  url: string;
  /** The provider's id of the checkout session, when it has one. */
  sessionId?: string;
}

/** Payment provider: Stripe Checkout, or the local test-mode checkout page of our own. */
export interface Payments {
  /** 'none': Stripe is not configured and the local checkout is switched off (production). */
  readonly mode: 'stripe' | 'local' | 'none';
  createCheckout(input: CheckoutRequest): Promise<CheckoutStarted>;
  /** The provider's own billing (Stripe): absent in the local test mode, which keeps its own records. */
  billing?: ProviderBilling;
}

/** A provider price: its amount, and its interval when it recurs (null: paid once). */
export interface ProviderPrice {
  amountCents: number;
  currency: string;
  interval: 'month' | 'year' | null;
  intervalCount: number | null;
}

/** A customer's card and invoices as the provider holds them. */
export interface CustomerBilling {
  paymentMethod: { brand: string; last4: string } | null;
  invoices: Invoice[];
}

/** A subscription's move to another price at the provider, prorated at `prorationDate`. */
export interface ProviderPlanChange {
  subscriptionId: string;
  /** The new plan's price at the provider. */
  priceId: string;
  prorationDate: Date;
  /** A trialing subscription changes without proration (the trial continues). */
  trialing: boolean;
}

/** What the provider bills (or would bill) for a change, read from its invoice. */
export interface ProviderPlanQuote {
  /** The unused time of the old price (0 or more). */
  creditCents: number;
  /** What the new price costs: its remaining time, or a whole new period. */
  chargeCents: number;
  /** The customer's credit balance before the change (0 or more), which the invoice takes first. */
  balanceBeforeCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The end of the period after the change, when the invoice says it. */
  periodEnd: Date | null;
}

/**
 * What the subscriber's Billing section asks the provider. Changes it requests (cancel, resume)
 * come back through the provider's webhooks like every other change.
 */
export interface ProviderBilling {
  /** The legacy plans' prices from the provider (cached by the adapter); a plan it does not sell is left out. */
  prices(): Promise<PlanPrice[]>;
  /** One provider price by its id (cached by the adapter); undefined when it is inactive or has no fixed amount. */
  price(priceId: string): Promise<ProviderPrice | undefined>;
  customerBilling(customerId: string, subscriptionId: string | null): Promise<CustomerBilling>;
  /** A Customer Portal session for this customer; answers its address. */
  portalSession(customerId: string, returnUrl: string): Promise<string>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, reason?: string): Promise<void>;
  /** The legacy `monthly` and `yearly` plans' prices at the provider (the settings' STRIPE_PRICE_*). */
  readonly legacyPriceIds: Partial<Record<Plan, string>>;
  /** What moving the subscription's item to another price would bill now (Stripe's invoice preview). */
  previewPlanChange(change: ProviderPlanChange): Promise<ProviderPlanQuote>;
  /**
   * Moves the subscription's item to another price, invoicing the proration at once, with the plan's
   * key in the metadata; the change itself comes back through the provider's webhook. A refusal of
   * the provider's (a price it cannot take) is a TRPCError CONFLICT naming `plan`.
   */
  changePlan(change: ProviderPlanChange & { planKey: string; idempotencyKey: string }): Promise<ProviderPlanQuote>;
  /** Ends the subscription at once (no proration, no final invoice); an administrator's "end access now". */
  cancelNow(subscriptionId: string, comment: string): Promise<void>;
  /**
   * What paid a completed Checkout Session: its payment intent (the subscription's first invoice's,
   * for a subscription; null when nothing was charged, as in a free trial) and the card's fingerprint.
   */
  checkoutPayment?(
    checkoutSessionId: string,
  ): Promise<{ paymentIntentId: string | null; cardFingerprint: string | null }>;
  /** The fingerprint of the card that paid an invoice (null when none did, or Stripe tells none). */
  invoiceCard?(invoiceId: string): Promise<{ cardFingerprint: string | null }>;
  /** Refunds a payment intent in full (once per idempotency key). */
  refund?(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /**
   * A charge's customer and the fingerprint of the card that paid: a dispute's (for the blacklist),
   * read when a dispute opens, the dispute itself carrying neither.
   */
  chargeOf?(chargeId: string): Promise<{ customerId: string | null; cardFingerprint: string | null }>;
  /**
   * Sends a dispute's evidence and submits it (no further changes possible). The service's record
   * goes as a text file uploaded for the purpose (the provider takes documentation as a file).
   */
  submitDisputeEvidence?(disputeId: string, evidence: ProviderDisputeEvidence): Promise<void>;
  /** The provider's promotion codes and the checkouts that took a discount (the console's list). */
  promotions?(): Promise<{ codes: PromotionCodeView[]; redemptions: PromotionRedemptionView[] }>;
  /**
   * Makes a win-back offer at the provider: a discount of `percentOff` on `durationMonths` invoices,
   * one use, redeemable until `expiresAt`, and the promotion code `code` on it for that customer
   * alone. Each request is made once per idempotency key (derived from `idempotencyKey`), so a retry
   * answers what the first try made. A final refusal (see `winBackRefusalIsFinal`) throws
   * `PaymentRefusedError`; anything else (an outage, no answer, 409, 429) throws as it came.
   */
  createWinBackOffer?(offer: ProviderWinBackOffer): Promise<{ couponId: string; promotionCodeId: string }>;
}

/**
 * The provider refused a request for good (a 4xx that trying again cannot change: a bad parameter, a
 * code taken, a key without the right): `status` is its HTTP status, the message the provider's.
 */
export class PaymentRefusedError extends Error {
  override readonly name = 'PaymentRefusedError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A win-back offer as the provider makes it (a Stripe coupon, and a promotion code on it). */
export interface ProviderWinBackOffer {
  code: string;
  percentOff: number;
  durationMonths: number;
  expiresAt: Date;
  customerId: string;
  /** The account and the ended subscription the offer is for (kept in the provider's metadata). */
  userId: number;
  subscriptionId: string;
  /** The stem of the idempotency keys: the same offer always has the same one. */
  idempotencyKey: string;
}

export type PaymentProvider = 'stripe' | 'local' | 'whop';

/** Money a provider took, as the ledger records it: minor units in the provider's currency. */
export interface ProviderPayment {
  /** The provider's id of the payment: Stripe's charge, else its invoice. */
  objectId: string;
  /** The charge, when the provider names one (refunds and disputes refer to it). */
  chargeId: string | null;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The provider's fee, when the event carries it (Stripe's balance transaction, expanded). */
  fee: number | null;
}

/** A dispute's evidence as the provider takes it. */
export interface ProviderDisputeEvidence {
  accessActivityLog: string;
  serviceDocumentation: string;
  refundPolicyDisclosure: string;
  customerEmailAddress: string | null;
}

/** One refund of a charge. */
export interface ProviderRefund {
  id: string;
  amount: number;
  currency: string;
  occurredAt: Date;
}

/**
 * A provider event, translated out of the provider's own shape. The webhook route, the local
 * checkout page and the test endpoints all feed these into one code path.
 */
export type PaymentEvent =
  | {
      type: 'checkout.completed';
      email: string;
      plan: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      /** The subscription's status after the checkout (normally active). */
      status: string;
      occurredAt: Date;
      /** The provider's checkout session id, to close our pending payment. */
      checkoutSessionId?: string | null;
      pendingPaymentId?: number | null;
      /** The local test mode tells the period and the card itself (Stripe tells them in later events). */
      currentPeriodEnd?: Date | null;
      card?: { brand: string; last4: string } | null;
      /** When the free trial ends (the subscription's status is then trialing). */
      trialEnd?: Date | null;
      /** The local test mode's promotion code taken at checkout (`promotion_codes.id`). */
      promotionCodeId?: number | null;
      /** The fingerprint of the card that paid, when it was asked for (a blacklisted card grants nothing; kept with the account). */
      cardFingerprint?: string | null;
    }
  | {
      type: 'subscription.changed';
      subscriptionId: string;
      customerId: string | null;
      /** From the subscription's metadata, written at checkout (the plan's key also at a plan change). */
      email: string | null;
      plan: string | null;
      /**
       * The price of the subscription's item at the provider: mapped to the plan with that price, it
       * wins over `plan` (a switch in Stripe's Customer Portal leaves the metadata as it was).
       */
      priceId?: string | null;
      status: string;
      occurredAt: Date;
      /** The billing period and a cancellation at its end, when the provider tells them. */
      cancelAtPeriodEnd?: boolean;
      currentPeriodEnd?: Date | null;
      /** The subscriber's reason when cancelling at the provider (Stripe's Customer Portal). */
      cancelReason?: string | null;
      /** When the free trial ends, when the provider tells it. */
      trialEnd?: Date | null;
    }
  | {
      /**
       * A plan paid once (a pass, lifetime) was paid: its grant is written (a pass of the same plan
       * that still runs is extended). The provider's one-off checkout, or the local checkout page.
       */
      type: 'purchase.completed';
      email: string;
      /** The plan's key, from the checkout's metadata. */
      plan: string | null;
      customerId: string | null;
      /** The provider's id of the payment (Stripe's checkout session), kept on the grant. */
      paymentRef: string;
      occurredAt: Date;
      checkoutSessionId?: string | null;
      pendingPaymentId?: number | null;
      /** The fingerprint of the card that paid, when it was asked for (a blacklisted card grants nothing; kept with the account). */
      cardFingerprint?: string | null;
    }
  | {
      /** A renewal (or first) invoice was paid: the subscription is active again. */
      type: 'invoice.paid';
      subscriptionId: string | null;
      customerId: string | null;
      occurredAt: Date;
      /**
       * The local test mode bills the invoice itself, in the same transaction: the period moves from
       * `from` (as stored, so that a concurrent sweep bills it once) to `to`, billed from `start`.
       */
      localPeriod?: { from: Date; start: Date; to: Date };
      /** What was paid, for the ledger (a provider's invoice; the local test mode records its own). */
      payment?: ProviderPayment | null;
      /** The provider's invoice, and whether it is a subscription's first (whose card its checkout told). */
      invoiceId?: string | null;
      firstOfSubscription?: boolean;
      /** The fingerprint of the card that paid, when it was asked for (kept with the account). */
      cardFingerprint?: string | null;
    }
  | {
      /** A charge was refunded, in part or in full: each of its refunds is recorded once, by its id. */
      type: 'charge.refunded';
      chargeId: string;
      customerId: string | null;
      /** Whop's buyer, when the refund names them (Whop's payments have no customer of ours). */
      whopUserId?: string | null;
      refunds: ProviderRefund[];
      occurredAt: Date;
    }
  | {
      /** A chargeback: the disputed payment's buyer loses access at once and their card is blacklisted. */
      type: 'dispute.opened';
      disputeId: string;
      chargeId: string | null;
      amount: number;
      currency: string;
      occurredAt: Date;
      /** The charge's customer and card, read from the provider before the event is applied. */
      customerId?: string | null;
      cardFingerprint?: string | null;
      /** Whop's buyer, when the dispute names them (found by the account's Whop user id). */
      whopUserId?: string | null;
    }
  | {
      /** A dispute was decided: won (the money came back) or lost; another closing status records nothing. */
      type: 'dispute.closed';
      disputeId: string;
      chargeId: string | null;
      amount: number;
      currency: string;
      outcome: 'won' | 'lost' | null;
      occurredAt: Date;
    }
  | {
      /**
       * A Whop membership was activated or deactivated (docs/features/whop.md): its grant follows it,
       * on the T0 plan the desk mapped its Whop plan to (else the default plan). The newest state of
       * the membership wins whatever the arrival order; an activation makes the account when the
       * address has none.
       */
      type: 'whop.membership';
      membershipId: string;
      whopUserId: string | null;
      email: string | null;
      whopPlanId: string | null;
      /** `active` or `trialing` (activated), `expired` (deactivated): `whopMembershipStatus`. */
      status: string;
      occurredAt: Date;
    }
  | {
      /** Money Whop took (`payment.succeeded`): one ledger entry, with its buyer and plan when known. */
      type: 'whop.payment';
      payment: ProviderPayment;
      membershipId: string | null;
      whopUserId: string | null;
      email: string | null;
      whopPlanId: string | null;
      occurredAt: Date;
    }
  | {
      type: 'payment.failed';
      subscriptionId: string | null;
      customerId: string | null;
      occurredAt: Date;
      /** Where the customer fixes the payment (Stripe's hosted invoice page), when the provider has one. */
      fixUrl?: string | null;
    };

export interface PaymentEventEnvelope {
  /** The provider's event id: an event is applied once, however often it is delivered. */
  id: string;
  provider: PaymentProvider;
  /** The provider's own event type, kept with the processed-event record. */
  providerType: string;
  event: PaymentEvent;
}
