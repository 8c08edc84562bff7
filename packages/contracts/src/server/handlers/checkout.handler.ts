import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { periodEnd } from '../../domain/billing';
import type { CheckoutInput, CheckoutOutput } from '../../schemas/payments';
import type { Context } from '../context';
import { claimPendingPayment, insertPendingPayment, setPendingPaymentSession } from '../queries/pending-payments';
import { applyPaymentEvent, type PaymentEventResult } from './payment-events.handler';
import type { MailDeps } from './welcome-email';

/** `POST /api/create-checkout-session`: records the started checkout and answers where to pay. */
export async function createCheckoutSessionHandler({ ctx, input }: { ctx: Context; input: CheckoutInput }): Promise<CheckoutOutput> {
  const { payments } = ctx.ports;
  if (payments.mode === 'none') throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Payments are not configured' });
  const pending = await insertPendingPayment(ctx.db, { email: input.email, plan: input.plan, provider: payments.mode });
  try {
    const started = await payments.createCheckout({ email: input.email, plan: input.plan, pendingPaymentId: pending.id, reference: pending.reference });
    if (started.sessionId) await setPendingPaymentSession(ctx.db, pending.id, started.sessionId);
    return { url: started.url };
  } catch (err) {
    if (err instanceof TRPCError) throw err;
    ctx.log.error({ err }, 'checkout could not be started');
    throw new TRPCError({ code: 'BAD_GATEWAY', message: 'Failed to create checkout session' });
  }
}

export const localId = (kind: 'cus' | 'sub' | 'evt') => `local_${kind}_${randomBytes(12).toString('hex')}`;

/**
 * Finishes a local (test-mode) checkout: the reference works once, then the payment goes through
 * the same path as a Stripe `checkout.session.completed` webhook. Undefined for a used, expired or
 * unknown reference.
 */
export async function completeLocalCheckout(
  deps: MailDeps,
  reference: string,
  card?: { brand: string; last4: string },
): Promise<PaymentEventResult | undefined> {
  const pending = await claimPendingPayment(deps.db, reference);
  if (!pending) return undefined;
  const occurredAt = new Date();
  return applyPaymentEvent(deps, {
    id: `local_evt_checkout_${pending.id}`,
    provider: 'local',
    providerType: 'checkout.session.completed',
    event: {
      type: 'checkout.completed',
      email: pending.email,
      plan: pending.plan,
      customerId: localId('cus'),
      subscriptionId: localId('sub'),
      status: 'active',
      occurredAt,
      pendingPaymentId: pending.id,
      currentPeriodEnd: periodEnd(occurredAt, pending.plan === 'yearly' ? 'yearly' : 'monthly'),
      card: card ?? null,
    },
  });
}
