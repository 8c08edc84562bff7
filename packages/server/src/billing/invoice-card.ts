import type { Context } from '../core/context';
import type { PaymentEventEnvelope } from '../ports';

type Deps = Pick<Context, 'ports' | 'log'>;

/**
 * Before a provider's paid invoice is applied: the fingerprint of the card that paid it, asked of
 * the provider, so that it is kept with the account (a renewal paid by another card adds that card).
 * A subscription's first invoice is skipped (its checkout told the card), as is an invoice that
 * charged nothing. A provider that cannot be reached leaves the event without the card (logged):
 * the payment itself is applied all the same.
 */
export async function withInvoiceCard(deps: Deps, envelope: PaymentEventEnvelope): Promise<PaymentEventEnvelope> {
  const { event } = envelope;
  if (event.type !== 'invoice.paid' || !event.invoiceId || event.firstOfSubscription || !event.payment) return envelope;
  const billing = deps.ports.payments.billing;
  if (!billing?.invoiceCard) return envelope;
  try {
    const { cardFingerprint } = await billing.invoiceCard(event.invoiceId);
    return { ...envelope, event: { ...event, cardFingerprint } };
  } catch (err) {
    deps.log.warn({ err, invoiceId: event.invoiceId }, 'card of an invoice not read: not kept with the account');
    return envelope;
  }
}
