import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { graceEndsAt, intervalOf, periodEnd } from '@t0/contracts/domain/billing';
import { isTerminal } from '@t0/contracts/domain/subscriptions';
import { trialDaysFor } from '@t0/contracts/domain/trials';
import type { CheckoutInput, CheckoutOutput } from '@t0/contracts/schemas/payments';
import { graceDaysOf, type Context } from '../core/context';
import { findSubscription, hasSubscribedBefore, insertLocalInvoice } from './billing.queries';
import {
  claimPendingPayment,
  findOpenPendingPayment,
  insertPendingPayment,
  setPendingPaymentSession,
} from './pending-payments.queries';
import { readSiteSettings } from '../site/site-settings.queries';
import { findUserByEmail } from '../auth/users.queries';
import { applyPaymentEvent, type PaymentEventResult } from './payment-events.handler';
import type { MailDeps } from './welcome-email.job';

/** `POST /api/create-checkout-session`: records the started checkout and answers where to pay. */
export async function createCheckoutSessionHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: CheckoutInput;
}): Promise<CheckoutOutput> {
  const { payments } = ctx.ports;
  if (payments.mode === 'none')
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Payments are not configured' });
  const { settings } = await readSiteSettings(ctx.db);
  const trialDays = trialDaysFor(settings.trialDays, input.plan, await hasSubscribedBefore(ctx.db, input.email));
  const pending = await insertPendingPayment(ctx.db, {
    email: input.email,
    plan: input.plan,
    provider: payments.mode,
    trialDays,
  });
  try {
    const started = await payments.createCheckout({
      email: input.email,
      plan: input.plan,
      pendingPaymentId: pending.id,
      reference: pending.reference,
      trialDays,
    });
    if (started.sessionId) await setPendingPaymentSession(ctx.db, pending.id, started.sessionId);
    return { url: started.url };
  } catch (err) {
    if (err instanceof TRPCError) throw err;
    ctx.log.error({ err }, 'checkout could not be started');
    throw new TRPCError({ code: 'BAD_GATEWAY', message: 'Failed to create checkout session' });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
  promotionCodeId?: number | null,
): Promise<PaymentEventResult | undefined> {
  const pending = await claimPendingPayment(deps.db, reference);
  if (!pending) return undefined;
  const occurredAt = new Date();
  // Once per person, checked again: another checkout of the same address may have finished since.
  const trialDays =
    pending.trialDays > 0 && !(await hasSubscribedBefore(deps.db, pending.email)) ? pending.trialDays : 0;
  const trialEnd = trialDays > 0 ? new Date(occurredAt.getTime() + trialDays * DAY_MS) : null;
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
      status: trialEnd ? 'trialing' : 'active',
      occurredAt,
      pendingPaymentId: pending.id,
      // A trial's period is its free days; the first paid period starts when it ends.
      currentPeriodEnd: trialEnd ?? periodEnd(occurredAt, pending.plan === 'yearly' ? 'yearly' : 'monthly'),
      card: card ?? null,
      trialEnd,
      promotionCodeId: promotionCodeId ?? null,
    },
  });
}

export type LocalPaymentFailure =
  /** The buyer had a subscription: it is past due, with access until the grace period ends. */
  | { outcome: 'past_due'; graceEndsAt: string | null }
  /** A new buyer: nothing is activated. */
  | { outcome: 'declined' };

/**
 * A declined card on the local (test-mode) checkout: recorded as a failed payment through the same
 * path as Stripe's `invoice.payment_failed` webhook. A buyer who already holds a running test-mode
 * subscription falls past due (access continues through the grace period) and gets an open invoice;
 * a new buyer gets no access. The checkout stays open for another card, as Stripe's does. Undefined
 * for a used, expired or unknown reference.
 */
export async function failLocalCheckout(deps: MailDeps, reference: string): Promise<LocalPaymentFailure | undefined> {
  const pending = await findOpenPendingPayment(deps.db, reference);
  if (!pending) return undefined;
  const user = await findUserByEmail(deps.db, pending.email);
  const sub = user?.stripeSubscriptionId ? await findSubscription(deps.db, user.stripeSubscriptionId) : undefined;
  const running = sub && sub.provider === 'local' && !isTerminal(sub.status) ? sub : undefined;
  const occurredAt = new Date();
  await applyPaymentEvent(deps, {
    id: localId('evt'),
    provider: 'local',
    providerType: 'invoice.payment_failed',
    event: {
      type: 'payment.failed',
      subscriptionId: running?.subscriptionId ?? null,
      customerId: running?.customerId ?? null,
      occurredAt,
    },
  });
  if (!running) {
    deps.log.info({ pendingPaymentId: pending.id }, 'test-mode payment declined');
    return { outcome: 'declined' };
  }
  const plan = running.plan === 'yearly' ? 'yearly' : 'monthly';
  const price = deps.settings.billing?.plans.find((p) => p.interval === intervalOf(plan));
  if (price) {
    await insertLocalInvoice(deps.db, {
      subscriptionId: running.subscriptionId,
      amountCents: price.amountCents,
      currency: price.currency,
      periodStart: occurredAt,
      periodEnd: periodEnd(occurredAt, plan),
      status: 'open',
    });
  }
  const after = await findSubscription(deps.db, running.subscriptionId);
  const since = after?.status === 'past_due' ? after.pastDueSince : null;
  return {
    outcome: 'past_due',
    graceEndsAt: since ? graceEndsAt(since, graceDaysOf(deps.settings)).toISOString() : null,
  };
}
