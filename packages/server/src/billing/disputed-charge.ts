import type { Context } from '../core/context';
import type { PaymentEventEnvelope } from '../ports';

type Deps = Pick<Context, 'ports'>;

/**
 * Before a provider's dispute is applied: the disputed charge's customer and card fingerprint, asked
 * of the provider (the dispute names only the charge), so that the dispute finds its buyer even
 * before their payment is in the ledger and blacklists the card. A provider that cannot be reached
 * throws (the webhook answers 500 and the provider delivers the event again).
 */
export async function withDisputedCharge(deps: Deps, envelope: PaymentEventEnvelope): Promise<PaymentEventEnvelope> {
  const { event } = envelope;
  if (event.type !== 'dispute.opened' || !event.chargeId) return envelope;
  const billing = deps.ports.payments.billing;
  if (!billing?.chargeOf) return envelope;
  const charge = await billing.chargeOf(event.chargeId);
  return { ...envelope, event: { ...event, customerId: charge.customerId, cardFingerprint: charge.cardFingerprint } };
}
