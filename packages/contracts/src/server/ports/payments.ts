import type { Plan } from '../../domain/constants';

export interface CheckoutRequest {
  email: string;
  plan: Plan;
  /** Our record of the started checkout (`pending_payments.id`). */
  pendingPaymentId: number;
  /** A single-use, unguessable secret naming the checkout; only its hash is stored. */
  reference: string;
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
}

export type PaymentProvider = 'stripe' | 'local';

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
    }
  | {
      type: 'subscription.changed';
      subscriptionId: string;
      customerId: string | null;
      /** From the subscription's metadata, written at checkout. */
      email: string | null;
      plan: string | null;
      status: string;
      occurredAt: Date;
    }
  | {
      type: 'payment.failed';
      subscriptionId: string | null;
      customerId: string | null;
      occurredAt: Date;
    };

export interface PaymentEventEnvelope {
  /** The provider's event id: an event is applied once, however often it is delivered. */
  id: string;
  provider: PaymentProvider;
  /** The provider's own event type, kept with the processed-event record. */
  providerType: string;
  event: PaymentEvent;
}
