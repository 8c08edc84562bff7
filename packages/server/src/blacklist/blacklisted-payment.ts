import type { Context } from '../core/context';
import type { PaymentEvent, PaymentEventEnvelope } from '../ports';
import { anyCardEntry } from './blacklisted-emails.queries';
import { blacklistEntryFor } from './refuse';

type Deps = Pick<Context, 'db' | 'ports' | 'log'>;

/**
 * Before a provider's completed checkout is applied: the card that paid is asked of the provider
 * (its fingerprint goes with the event, and is kept with the account it pays for). When it was paid
 * by a blacklisted person (its address, or the card's fingerprint), the payment is refunded in full
 * and a subscription cancelled at once, at the provider, so that it never becomes a chargeback. The
 * event then goes on its usual path, where the same blacklist grants it nothing. While a blacklist
 * entry may match (the address is on it, or any card is), a provider that cannot be reached throws
 * (the webhook answers 500 and the provider delivers the event again; the refund is made once);
 * otherwise the event goes on without the card (logged), which is then not kept.
 */
export async function refundBlacklistedCheckout(
  deps: Deps,
  envelope: PaymentEventEnvelope,
): Promise<PaymentEventEnvelope> {
  const { event } = envelope;
  if (event.type !== 'checkout.completed' && event.type !== 'purchase.completed') return envelope;
  const billing = deps.ports.payments.billing;
  const sessionId = event.checkoutSessionId;
  if (!billing?.checkoutPayment || !sessionId) return envelope;
  const byAddress = await blacklistEntryFor(deps.db, { email: event.email });
  const mayMatch = byAddress !== undefined || (await anyCardEntry(deps.db));
  let payment: Awaited<ReturnType<NonNullable<typeof billing.checkoutPayment>>>;
  try {
    payment = await billing.checkoutPayment(sessionId);
  } catch (err) {
    if (mayMatch) throw err;
    deps.log.warn({ err, checkoutSessionId: sessionId }, 'card of a checkout not read: not kept with the account');
    return envelope;
  }
  const entry = byAddress ?? (await blacklistEntryFor(deps.db, { card: payment.cardFingerprint }));
  const checked: PaymentEvent = { ...event, cardFingerprint: payment.cardFingerprint };
  if (entry) {
    deps.log.warn(
      {
        blacklistEntry: entry.id,
        kind: entry.kind,
        checkoutSessionId: sessionId,
        paymentIntent: payment.paymentIntentId,
      },
      'payment by a blacklisted person: refunded, nothing granted',
    );
    if (payment.paymentIntentId && billing.refund)
      await billing.refund(payment.paymentIntentId, `t0-blacklist-refund-${payment.paymentIntentId}`);
    if (event.type === 'checkout.completed' && event.subscriptionId) {
      try {
        await billing.cancelNow(event.subscriptionId, 'Paid by a blacklisted person: refunded');
      } catch (err) {
        // Already cancelled (a delivery again) or not reachable: nothing is granted either way.
        deps.log.error(
          { err, subscriptionId: event.subscriptionId },
          'subscription of a blacklisted person not cancelled: cancel it in Stripe',
        );
      }
    }
  }
  return { ...envelope, event: checked };
}
