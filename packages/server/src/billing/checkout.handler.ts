import { randomBytes } from 'node:crypto';
import { refuseBlacklisted } from '../blacklist/refuse';
import { TRPCError } from '@trpc/server';
import { graceEndsAt, periodEndOf } from '@t0/contracts/domain/billing/billing';
import { planTrialDays } from '@t0/contracts/domain/plans/plans';
import { isTerminal } from '@t0/contracts/domain/billing/subscriptions';
import type { CheckoutInput, CheckoutOutput } from '@t0/contracts/schemas/billing/payments';
import { graceDaysOf, type Context } from '../core/context';
import { validationError } from '../core/errors';
import { PlanNotForSaleError } from '../ports';
import { findDefaultPlan, findPlanByKey } from '../plans/plans.queries';
import { checkoutPlanOf, ownPriceOf, type PlanRow } from '../plans/plan-prices';
import { localCycleOf, subscriptionPlanRow } from './plan-prices';
import { findSubscription, hasSubscribedBefore, insertLocalInvoice } from './billing.queries';
import {
  claimPendingPayment,
  findOpenPendingPayment,
  insertPendingPayment,
  setPendingPaymentSession,
} from './pending-payments.queries';
import { currentLegalVersions, readSiteSettings } from '../site/site-settings.queries';
import { CONSENT_PAGES, LEGAL_TITLES, type ConsentPage } from '@t0/contracts/domain/site/site-settings';
import { findUserByEmail } from '../auth/users.queries';
import { paymentProviderOf } from './subscribers.queries';
import { applyPaymentEvent, type PaymentEventResult } from './payment-events.handler';
import type { MailDeps } from './welcome-email.job';
import { attributeByCode, parseTouch } from '../affiliates/attribution';
import { setPendingReferral } from '../affiliates/affiliates.queries';

/** The open plan a checkout names (the default plan when it names none); 400 naming `plan` otherwise. */
async function planToBuy(ctx: Context, key: string | undefined): Promise<PlanRow> {
  const plan = key === undefined ? await findDefaultPlan(ctx.db) : await findPlanByKey(ctx.db, key);
  if (!plan || plan.archivedAt !== null)
    throw validationError([
      {
        path: ['plan'],
        message: key === undefined ? 'No plan is on sale by default: name one' : `No open plan has the key ${key}`,
      },
    ]);
  if (plan.terms === 'free')
    throw validationError([
      { path: ['plan'], message: `${plan.name} is free: no checkout is needed, sign in and join it` },
    ]);
  return plan;
}

/**
 * The versions of the terms, the risk disclosure and the refund policy the buyer accepts: those the
 * page showed, each still current (else a 400 naming it: the text changed since it was shown), or,
 * for a checkout a script starts, the current ones, recorded as not shown.
 */
async function acceptedVersions(ctx: Context, shown: CheckoutInput['accepted']) {
  const current = await currentLegalVersions(ctx.db);
  const versions = Object.fromEntries(CONSENT_PAGES.map((p) => [p, current[p]])) as Record<ConsentPage, number>;
  if (!shown) return { versions, shown: false };
  const changed = CONSENT_PAGES.filter((p) => shown[p] !== current[p]);
  if (changed.length)
    throw validationError(
      changed.map((p) => ({
        path: ['accepted', p],
        message: `The ${LEGAL_TITLES[p].toLowerCase()} changed since it was shown (now version ${current[p]}): read it again`,
      })),
    );
  return { versions, shown: true };
}

/** The subscription this address holds and that still runs (active, trialing or past due), if any. */
async function runningSubscriptionOf(ctx: Context, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.stripeSubscriptionId) return undefined;
  const sub = await findSubscription(ctx.db, user.stripeSubscriptionId);
  return sub && RUNNING_STATUSES.includes(sub.status) ? sub : undefined;
}
const RUNNING_STATUSES = ['active', 'trialing', 'past_due'];

/**
 * `POST /api/create-checkout-session`: records the started checkout of any open plan (listed or
 * not; the default plan when none is named) and answers where to pay. A recurring plan is a
 * subscription, with the plan's free trial once per person; a pass or lifetime is paid once. A free
 * plan needs no checkout (joined with `POST /api/plans/{plan}/join`); a second running subscription
 * is refused (409): a subscriber changes plan in Billing (in the local test mode, the plan already
 * held may be checked out again, the way to simulate a renewal payment that fails).
 */
export async function createCheckoutSessionHandler({
  ctx,
  input,
}: {
  ctx: Context;
  input: CheckoutInput;
}): Promise<CheckoutOutput> {
  const { payments } = ctx.ports;
  // The trial is taken at checkout: refusing it refuses both.
  await refuseBlacklisted(ctx, { email: input.email }, 'checkout');
  const plan = await planToBuy(ctx, input.plan);
  if (payments.mode === 'none')
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Payments are not configured' });
  if (payments.mode === 'local' && ownPriceOf(ctx.settings, plan) === null)
    throw validationError([{ path: ['plan'], message: `${plan.name} has no price on this server` }]);
  let trialDays = 0;
  if (plan.terms === 'recurring') {
    const running = await runningSubscriptionOf(ctx, input.email);
    // The local test mode's own page may be opened again for the plan already held: it stands in for
    // a renewal payment (SIMULATE FAILED PAYMENT makes the running subscription past due).
    const testModeRenewal = payments.mode === 'local' && running?.provider === 'local' && running.plan === plan.key;
    if (running && !testModeRenewal)
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          'This account already has a subscription. To switch to another plan, change plan in Billing (Profile › Billing).',
      });
    const { settings } = await readSiteSettings(ctx.db);
    // Once per person: none to an address that had a subscription or a trial before.
    trialDays = (await hasSubscribedBefore(ctx.db, input.email)) ? 0 : planTrialDays(plan, settings.trialDays);
  }
  const pending = await insertPendingPayment(ctx.db, {
    email: input.email,
    plan: plan.key,
    provider: payments.mode,
    trialDays,
    consent: { ...(await acceptedVersions(ctx, input.accepted)), ip: ctx.request.ip, userAgent: ctx.request.userAgent },
  });
  await referCheckout(ctx, pending.id, input);
  try {
    const started = await payments.createCheckout({
      email: input.email,
      plan: checkoutPlanOf(plan)!,
      pendingPaymentId: pending.id,
      reference: pending.reference,
      trialDays,
      customerId: await ownCustomerOf(ctx, input.email),
    });
    if (started.sessionId) await setPendingPaymentSession(ctx.db, pending.id, started.sessionId);
    return { url: started.url };
  } catch (err) {
    if (err instanceof TRPCError) throw err;
    if (err instanceof PlanNotForSaleError) throw validationError([{ path: ['plan'], message: err.message }]);
    ctx.log.error({ err }, 'checkout could not be started');
    throw new TRPCError({ code: 'BAD_GATEWAY', message: 'Failed to create checkout session' });
  }
}

/**
 * The Stripe customer of a signed-in buyer checking out under their own address (a subscriber coming
 * back, whose win-back code Stripe takes for that customer only); none for anyone else, so that a
 * checkout started for another person's address never opens as their customer.
 */
async function ownCustomerOf(ctx: Context, email: string): Promise<string | null> {
  if (ctx.ports.payments.mode !== 'stripe' || !ctx.user) return null;
  if (ctx.user.email.toLowerCase() !== email.trim().toLowerCase()) return null;
  const row = await findUserByEmail(ctx.db, email);
  return row?.stripeCustomerId && paymentProviderOf(row.stripeCustomerId) === 'stripe' ? row.stripeCustomerId : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The referral a checkout carries: the buyer's account, when it exists, is attributed now (first
 * touch wins); otherwise the code waits on the started checkout for the account its payment makes.
 */
async function referCheckout(ctx: Context, pendingPaymentId: number, input: CheckoutInput): Promise<void> {
  if (!input.ref) return;
  const user = await findUserByEmail(ctx.db, input.email);
  if (user) await attributeByCode(ctx.db, user.id, input.ref, parseTouch(input.refAt));
  else await setPendingReferral(ctx.db, pendingPaymentId, input.ref.slice(0, 32));
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
  promotionCodeId?: number | null,
): Promise<PaymentEventResult | undefined> {
  const pending = await claimPendingPayment(deps.db, reference);
  if (!pending) return undefined;
  const occurredAt = new Date();
  const plan = await subscriptionPlanRow(deps.db, pending.plan);
  if (plan.terms === 'pass' || plan.terms === 'lifetime') {
    // Paid once: the same path as Stripe's checkout.session.completed of a one-off payment.
    return applyPaymentEvent(deps, {
      id: `local_evt_checkout_${pending.id}`,
      provider: 'local',
      providerType: 'checkout.session.completed',
      event: {
        type: 'purchase.completed',
        email: pending.email,
        plan: plan.key,
        customerId: localId('cus'),
        paymentRef: `local_pay_${pending.id}`,
        occurredAt,
        pendingPaymentId: pending.id,
      },
    });
  }
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
      currentPeriodEnd: trialEnd ?? (await firstPeriodEnd(deps, pending.plan, occurredAt)),
      card: card ?? null,
      trialEnd,
      promotionCodeId: promotionCodeId ?? null,
    },
  });
}

/** When a local subscription's first paid period, starting at `from`, ends. */
async function firstPeriodEnd(deps: MailDeps, planKey: string, from: Date): Promise<Date> {
  const { interval, intervalCount } = await localCycleOf(deps.db, deps.settings, planKey);
  return periodEndOf(from, interval, intervalCount);
}

export type LocalPaymentFailure =
  /** The buyer had a subscription: it is past due, with access until the grace period ends. */
  | { outcome: 'past_due'; graceEndsAt: string | null }
  /** A new buyer: nothing is activated. */
  | { outcome: 'declined' };

/**
 * A declined card on the local (test-mode) checkout: recorded as a failed payment through the same
 * path as Stripe's `invoice.payment_failed` webhook. A buyer who already holds a running test-mode
 * subscription and was paying its plan falls past due (access continues through the grace period)
 * and gets an open invoice; a new buyer, or a pass or lifetime declined, gets nothing. The checkout stays open for another card, as Stripe's does. Undefined
 * for a used, expired or unknown reference.
 */
export async function failLocalCheckout(deps: MailDeps, reference: string): Promise<LocalPaymentFailure | undefined> {
  const pending = await findOpenPendingPayment(deps.db, reference);
  if (!pending) return undefined;
  const user = await findUserByEmail(deps.db, pending.email);
  const sub = user?.stripeSubscriptionId ? await findSubscription(deps.db, user.stripeSubscriptionId) : undefined;
  // Only a subscription's payment touches the subscription: a declined pass or lifetime takes nothing.
  const recurring = (await subscriptionPlanRow(deps.db, pending.plan)).terms === 'recurring';
  const running = recurring && sub && sub.provider === 'local' && !isTerminal(sub.status) ? sub : undefined;
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
  const { interval, intervalCount, price } = await localCycleOf(deps.db, deps.settings, running.plan);
  if (price) {
    await insertLocalInvoice(deps.db, {
      subscriptionId: running.subscriptionId,
      amountCents: price.amountCents,
      currency: price.currency,
      periodStart: occurredAt,
      periodEnd: periodEndOf(occurredAt, interval, intervalCount),
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
