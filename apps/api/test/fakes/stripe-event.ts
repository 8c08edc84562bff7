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
