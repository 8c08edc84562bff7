import {
  PlanNotForSaleError,
  type CheckoutPlan,
  type CheckoutRequest,
  type PaymentEvent,
  type Payments,
  type ProviderPayment,
  type ProviderRefund,
} from '@t0/server';
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { createStripeBilling } from './stripe-billing';
import type { StripeSettings } from './stripe-settings';

/** Stripe's SDK is loaded when Stripe is configured (or a webhook arrives), not by every server (about 20 MB resident). */
const stripeSdk = (): typeof Stripe => createRequire(import.meta.url)('stripe') as typeof Stripe;

export function createStripeClient(settings: StripeSettings): Stripe {
  const StripeClient = stripeSdk();
  return new StripeClient(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

/**
 * What Checkout charges for a plan: its own Stripe price; else its own amount (`price_data`, recurring
 * with its interval and count, or paid once); else, for the legacy `monthly` and `yearly` plans, the
 * settings' price (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). A plan with none is not for sale.
 */
function lineItemOf(plan: CheckoutPlan, settings: StripeSettings): Stripe.Checkout.SessionCreateParams.LineItem {
  if (plan.stripePriceId) return { price: plan.stripePriceId, quantity: 1 };
  if (plan.amount) {
    return {
      price_data: {
        currency: plan.amount.currency.toLowerCase(),
        unit_amount: plan.amount.amountCents,
        product_data: { name: plan.name },
        ...(plan.terms === 'recurring'
          ? { recurring: { interval: plan.interval ?? 'month', interval_count: plan.intervalCount ?? 1 } }
          : {}),
      },
      quantity: 1,
    };
  }
  const legacy =
    plan.key === 'monthly' ? settings.priceMonthly : plan.key === 'yearly' ? settings.priceYearly : undefined;
  if (legacy) return { price: legacy, quantity: 1 };
  throw new PlanNotForSaleError(`${plan.name} has no Stripe price`);
}

/**
 * Stripe Checkout: a recurring plan in subscription mode (a free trial, when offered, before the first
 * payment), a pass or lifetime in payment mode (paid once, with a receipt invoice). The buyer's
 * address and the plan's key travel in the metadata; the buyer may enter a promotion code. A buyer
 * who was a customer before checks out as that customer (Stripe then takes the e-mail address it holds).
 */
export function createStripePayments(stripe: Stripe, settings: StripeSettings, publicUrl: string): Payments {
  return {
    mode: 'stripe',
    billing: createStripeBilling(stripe, settings),
    async createCheckout({ email, plan, pendingPaymentId, trialDays, customerId }: CheckoutRequest) {
      const lineItem = lineItemOf(plan, settings);
      const metadata = { email, plan: plan.key, pendingPaymentId: String(pendingPaymentId) };
      // A returning subscriber checks out as the customer they were: a promotion code made for that
      // customer alone (a win-back offer) is taken only there.
      const customer = customerId ?? null;
      const common = {
        line_items: [lineItem],
        ...(customer ? { customer } : { customer_email: email }),
        client_reference_id: String(pendingPaymentId),
        metadata,
        allow_promotion_codes: true,
        success_url: `${publicUrl}/auth/whop-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/?checkout=canceled`,
      } satisfies Stripe.Checkout.SessionCreateParams;
      const params: Stripe.Checkout.SessionCreateParams =
        plan.terms === 'recurring'
          ? {
              ...common,
              mode: 'subscription',
              subscription_data: { metadata, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
            }
          : {
              ...common,
              mode: 'payment',
              ...(customer ? {} : { customer_creation: 'always' as const }),
              invoice_creation: { enabled: true, invoice_data: { metadata } },
              payment_intent_data: { metadata },
            };
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: `t0-checkout-${pendingPaymentId}`,
      });
      if (!session.url) throw new Error('Stripe answered without a checkout URL');
      return { url: session.url, sessionId: session.id };
    },
  };
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** The subscription an invoice belongs to, in current and older API shapes. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  if (current) return idOf(current);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy);
}

type Expandable<T> = string | T | null | undefined;
interface ChargeLike {
  id: string;
  balance_transaction?: Expandable<{ id: string; fee: number }>;
}

/**
 * What a paid invoice took: the amount paid and its currency, the charge (older API versions name
 * it on the invoice; current ones in its payments, when expanded) and Stripe's fee when the charge's
 * balance transaction came expanded with the event (else unknown). Nothing for an invoice of nothing.
 */
function invoicePaymentOf(invoice: Stripe.Invoice): ProviderPayment | null {
  if (!invoice.amount_paid || !invoice.id) return null;
  const legacy = (invoice as unknown as { charge?: Expandable<ChargeLike> }).charge;
  const fromPayments = (
    invoice as unknown as { payments?: { data?: Array<{ payment?: { charge?: Expandable<ChargeLike> } }> } }
  ).payments?.data?.find((p) => p.payment?.charge)?.payment?.charge;
  const charge = legacy ?? fromPayments ?? null;
  const chargeId = typeof charge === 'string' ? charge : (charge?.id ?? null);
  const balance = charge && typeof charge === 'object' ? charge.balance_transaction : null;
  return {
    objectId: chargeId ?? invoice.id,
    chargeId,
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    fee: balance && typeof balance === 'object' && typeof balance.fee === 'number' ? balance.fee : null,
  };
}

/**
 * A refunded charge's refunds, each by its id, when Stripe lists them on the charge (API versions
 * before 2022-11-15, or expanded). Otherwise the refund this event reports: the amount refunded
 * since the previous state the event carries, named by the charge and the total refunded after it
 * (so each partial refund is its own entry, and a replay is the same one).
 */
function refundsOf(charge: Stripe.Charge, previous: unknown, occurredAt: Date): ProviderRefund[] {
  const listed = (charge as unknown as { refunds?: { data?: Stripe.Refund[] } }).refunds?.data;
  if (listed?.length) {
    return listed
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .map((r) => ({
        id: r.id,
        amount: r.amount,
        currency: r.currency.toUpperCase(),
        occurredAt: new Date(r.created * 1000),
      }));
  }
  const before = (previous as { amount_refunded?: unknown } | undefined)?.amount_refunded;
  const amount = charge.amount_refunded - (typeof before === 'number' ? before : 0);
  if (amount <= 0) return [];
  return [
    {
      id: `${charge.id}:refunded:${charge.amount_refunded}`,
      amount,
      currency: charge.currency.toUpperCase(),
      occurredAt,
    },
  ];
}

/** The end of the subscription's current period: on its items in current API versions, on itself in older ones. */
function periodEndOf(sub: Stripe.Subscription): Date | null {
  const fromItem = sub.items?.data?.[0]?.current_period_end;
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  const seconds = fromItem ?? legacy;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function subscriptionChange(sub: Stripe.Subscription, status: string, created: number): PaymentEvent {
  return {
    cancelAtPeriodEnd:
      sub.cancel_at_period_end === true || (typeof sub.cancel_at === 'number' && status !== 'canceled'),
    currentPeriodEnd: periodEndOf(sub),
    cancelReason: sub.cancellation_details?.comment ?? sub.cancellation_details?.feedback ?? null,
    trialEnd: typeof sub.trial_end === 'number' ? new Date(sub.trial_end * 1000) : null,
    type: 'subscription.changed',
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    email: sub.metadata?.email ?? null,
    plan: sub.metadata?.plan ?? null,
    // The item's price names the plan (a switch in the Customer Portal leaves the metadata as it was).
    priceId: idOf(sub.items?.data?.[0]?.price) ?? null,
    status,
    occurredAt: new Date(created * 1000),
  };
}

/** A paid one-off Checkout Session as a purchase; null while it is not paid. */
function purchaseOf(s: Stripe.Checkout.Session, occurredAt: Date): PaymentEvent | null {
  if (s.payment_status !== 'paid') return null;
  const email = s.customer_details?.email ?? s.customer_email ?? s.metadata?.email ?? null;
  if (!email) return null;
  return {
    type: 'purchase.completed',
    email,
    plan: s.metadata?.plan ?? null,
    customerId: idOf(s.customer),
    paymentRef: idOf(s.payment_intent) ?? s.id,
    occurredAt,
    checkoutSessionId: s.id,
    pendingPaymentId: s.client_reference_id ? Number(s.client_reference_id) || null : null,
  };
}

/** Translates the Stripe events the product acts on; null for any other. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const occurredAt = new Date(event.created * 1000);
  switch (event.type) {
    // A one-off payment (a pass, lifetime) is granted once it is paid: at completion for a card, or
    // when a delayed method (a bank debit) succeeds.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.mode === 'payment') return purchaseOf(s, occurredAt);
      if (s.mode !== 'subscription' || event.type !== 'checkout.session.completed') return null;
      const email = s.customer_details?.email ?? s.customer_email ?? s.metadata?.email ?? null;
      if (!email) return null;
      const paid = s.payment_status === 'paid' || s.payment_status === 'no_payment_required';
      return {
        type: 'checkout.completed',
        email,
        plan: s.metadata?.plan ?? null,
        customerId: idOf(s.customer),
        subscriptionId: idOf(s.subscription),
        status: paid ? 'active' : 'incomplete',
        occurredAt,
        checkoutSessionId: s.id,
        pendingPaymentId: s.client_reference_id ? Number(s.client_reference_id) || null : null,
      };
    }
    // trial_will_end (three days before a trial ends): stored like any change; the reminder e-mail follows (once).
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.trial_will_end':
      return subscriptionChange(event.data.object, event.data.object.status, event.created);
    case 'customer.subscription.deleted':
      return subscriptionChange(event.data.object, 'canceled', event.created);
    case 'invoice.paid': {
      const invoice = event.data.object;
      return {
        type: 'invoice.paid',
        subscriptionId: invoiceSubscription(invoice),
        customerId: idOf(invoice.customer),
        occurredAt,
        payment: invoicePaymentOf(invoice),
        invoiceId: invoice.id ?? null,
        firstOfSubscription: invoice.billing_reason === 'subscription_create',
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        type: 'charge.refunded',
        chargeId: charge.id,
        customerId: idOf(charge.customer),
        refunds: refundsOf(charge, event.data.previous_attributes, occurredAt),
        occurredAt,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        type: 'dispute.opened',
        disputeId: dispute.id,
        chargeId: idOf(dispute.charge),
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        occurredAt,
      };
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      return {
        type: 'dispute.closed',
        disputeId: dispute.id,
        chargeId: idOf(dispute.charge),
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        outcome: dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : null,
        occurredAt,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        type: 'payment.failed',
        subscriptionId: invoiceSubscription(invoice),
        customerId: idOf(invoice.customer),
        occurredAt,
        fixUrl: invoice.hosted_invoice_url ?? null,
      };
    }
    default:
      return null;
  }
}

/** Verifies a webhook's signature on the raw body (and its age, 5 minutes at most) and parses it. */
export function verifyStripeEvent(rawBody: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return stripeSdk().webhooks.constructEvent(rawBody, signature, webhookSecret);
}
