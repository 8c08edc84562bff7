import Stripe from 'stripe';
import { expect } from 'vitest';
import type { TestApp } from '../harness';

/** Unix seconds now (Stripe's timestamps). */
export const stripeNow = () => Math.floor(Date.now() / 1000);

let seq = 0;
/** A unique Stripe-looking id with its prefix (`evt`, `sub`, `cs`…). */
export const newStripeId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${seq++}`;

/** A webhook event as Stripe sends it, around `object`. */
export const stripeEvent = (type: string, object: Record<string, unknown>, created = stripeNow()) => ({
  id: newStripeId('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  type,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/** Stripe's `checkout.session.completed` of a subscription-mode checkout, as its webhook carries it. */
export const subscriptionCheckoutCompleted = (o: {
  email: string;
  plan: string;
  customer: string;
  subscription: string;
}) =>
  stripeEvent('checkout.session.completed', {
    id: newStripeId('cs'),
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    customer: o.customer,
    subscription: o.subscription,
    customer_email: o.email,
    customer_details: { email: o.email },
    metadata: { email: o.email, plan: o.plan },
    client_reference_id: null,
  });

/** Stripe's `invoice.paid` of a subscription's invoice, its charge (with the balance transaction) expanded. */
export const invoicePaid = (o: {
  subscription: string;
  customer: string;
  charge: string;
  amount: number;
  currency?: string;
}) =>
  stripeEvent('invoice.paid', {
    id: `in_${o.charge}`,
    object: 'invoice',
    customer: o.customer,
    status: 'paid',
    amount_paid: o.amount,
    currency: o.currency ?? 'usd',
    charge: { id: o.charge, object: 'charge', balance_transaction: { id: `txn_${o.charge}`, fee: 172 } },
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription, metadata: {} } },
  });

/** Stripe's `charge.refunded` of a charge in dollars, with its refunds so far. */
export const chargeRefunded = (charge: string, customer: string, refunds: Array<{ id: string; amount: number }>) =>
  stripeEvent('charge.refunded', {
    id: charge,
    object: 'charge',
    customer,
    currency: 'usd',
    amount_refunded: refunds.reduce((s, r) => s + r.amount, 0),
    refunds: {
      object: 'list',
      data: refunds.map((r) => ({ ...r, object: 'refund', currency: 'usd', status: 'succeeded', created: 1 })),
    },
  });

/** The same object told again under a new event id (Stripe's retries keep the id; a resend does not). */
export const resentStripeEvent = <E extends { id: string }>(evt: E): E => ({ ...evt, id: newStripeId('evt') });

/** Posts `evt` to the Stripe webhook signed with `secret` as Stripe signs it; the answer must be 200. */
export async function deliverStripeEvent(t: TestApp, secret: string, evt: object) {
  const payload = JSON.stringify(evt);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await t.client().request('POST', '/api/webhooks/stripe', payload, {
    'content-type': 'application/json',
    'stripe-signature': header,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { applied: boolean };
}

/** Stripe's price object (`GET /v1/prices/:id`): a recurring price in US dollars, monthly unless yearly. */
export function stripePriceBody(id: unknown, unitAmount: number, interval: 'month' | 'year' = 'month') {
  return {
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval, interval_count: 1 },
  };
}
