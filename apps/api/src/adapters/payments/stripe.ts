import {
  PlanNotForSaleError,
  type CheckoutPlan,
  type CheckoutRequest,
  type PaymentEvent,
  type Payments,
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
 * address and the plan's key travel in the metadata; the buyer may enter a promotion code.
 */
export function createStripePayments(stripe: Stripe, settings: StripeSettings, publicUrl: string): Payments {
  return {
    mode: 'stripe',
    billing: createStripeBilling(stripe, settings),
    async createCheckout({ email, plan, pendingPaymentId, trialDays }: CheckoutRequest) {
      const lineItem = lineItemOf(plan, settings);
      const metadata = { email, plan: plan.key, pendingPaymentId: String(pendingPaymentId) };
      const common = {
        line_items: [lineItem],
        customer_email: email,
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
              customer_creation: 'always',
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
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        type: 'payment.failed',
        subscriptionId: invoiceSubscription(invoice),
        customerId: idOf(invoice.customer),
        occurredAt,
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
