import { TRPCError } from '@trpc/server';
import { graceEndsAt } from '@t0/contracts/domain/billing/billing';
import { PLANS, type Plan } from '@t0/contracts/domain/common/constants';
import { isTerminal } from '@t0/contracts/domain/billing/subscriptions';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  BillingChangeOutput,
  BillingSummary,
  Invoice,
  PlanPriceView,
} from '@t0/contracts/schemas/billing/billing';
import { graceDaysOf, type Context } from '../core/context';
import { unavailable } from '../core/errors';
import { findSubscription, listLocalInvoices, setCancelRequest } from './billing.queries';
import { paymentProviderOf } from './subscribers.queries';
import { localCycleOf, subscriptionPlanRow, subscriptionPlanView } from './plan-prices';
import { findUserById } from '../auth/users.queries';
import { localId } from './checkout.handler';
import { applyPaymentEvent } from './payment-events.handler';
import { planOfferOf } from '../plans/plan-offers.handler';
import { listWhopMoneyOfUser } from '../ledger/ledger-entries.queries';

type Ctx = Context & { user: User };

/** What a change answers when Stripe cannot be reached (nothing changed here either). */
export const STRIPE_UNREACHABLE = 'Stripe could not be reached; nothing was changed. Please try again.';

/** Where a Whop buyer manages their memberships (Whop's account settings). */
export const WHOP_MEMBERSHIPS_URL = 'https://whop.com/@me/settings/';

const asPlan = (plan: string | null | undefined): Plan | null =>
  (PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : null;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function loadAccount(ctx: Ctx) {
  const row = await findUserById(ctx.db, ctx.user.id);
  if (!row) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  const sub = row.stripeSubscriptionId ? await findSubscription(ctx.db, row.stripeSubscriptionId) : undefined;
  return { row, sub };
}

/** `GET /api/billing`: the signed-in user's plan, status, period, card and invoices. */
export async function billingSummaryHandler({ ctx }: { ctx: Ctx }): Promise<BillingSummary> {
  const { row, sub: billed } = await loadAccount(ctx);
  // A Whop membership is shown, never changed here: Whop bills and manages it.
  const membership =
    !billed && row.whopSubscriptionId ? await findSubscription(ctx.db, row.whopSubscriptionId) : undefined;
  const whop = membership?.provider === 'whop' ? membership : undefined;
  const sub = billed ?? whop;
  const provider = whop
    ? 'whop'
    : billed
      ? billed.provider === 'stripe'
        ? 'stripe'
        : 'local'
      : (paymentProviderOf(row.stripeCustomerId) ?? 'none');
  const plan = asPlan(sub?.plan);
  let price: PlanPriceView | null = null;
  // Whop sets its own prices: the T0 plan's would not be what the buyer pays.
  if (plan && provider !== 'whop') {
    try {
      const offer = await planOfferOf(ctx, plan);
      price =
        offer && offer.interval
          ? {
              plan,
              amountCents: offer.amountCents,
              currency: offer.currency,
              interval: offer.interval,
              label: offer.label,
            }
          : null;
    } catch {
      price = null;
    }
  }
  const status = sub?.status ?? row.subscriptionStatus ?? 'inactive';
  const billing = ctx.ports.payments.billing;
  let paymentMethod: BillingSummary['paymentMethod'] = null;
  let invoices: Invoice[] = [];
  let detailsUnavailable = false;
  if (provider === 'stripe' && billing && row.stripeCustomerId) {
    try {
      ({ paymentMethod, invoices } = await billing.customerBilling(row.stripeCustomerId, row.stripeSubscriptionId));
    } catch (err) {
      ctx.log.warn({ err, userId: row.id }, 'Stripe billing details could not be read');
      detailsUnavailable = true;
    }
  } else if (provider === 'whop') {
    invoices = (await listWhopMoneyOfUser(ctx.db, row.id)).map((e) => ({
      id: `whop_${e.providerObjectId}`,
      number: e.providerObjectId,
      createdAt: new Date(e.occurredAt).toISOString(),
      amountCents: e.amount,
      discountCents: 0,
      creditCents: 0,
      description: null,
      currency: e.currency,
      status: e.kind === 'refund' ? 'refunded' : 'paid',
      url: null,
    }));
  } else if (sub && provider === 'local') {
    paymentMethod = sub.cardBrand && sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null;
    invoices = (await listLocalInvoices(ctx.db, sub.subscriptionId)).map((i) => ({
      id: `local_inv_${i.id}`,
      number: i.number,
      createdAt: i.createdAt.toISOString(),
      amountCents: i.amountCents,
      discountCents: i.discountCents,
      creditCents: i.creditCents,
      description: i.description,
      currency: i.currency,
      status: i.status,
      url: null,
    }));
  }
  const ended = isTerminal(status);
  const periodOver = sub?.currentPeriodEnd ? sub.currentPeriodEnd.getTime() <= Date.now() : false;
  const changeable =
    sub !== undefined &&
    !ended &&
    (provider === 'stripe' ? billing !== undefined : provider === 'local' && ctx.ports.payments.mode === 'local');
  const planRow = sub ? await subscriptionPlanRow(ctx.db, sub.plan) : undefined;
  const planView =
    planRow && planRow.terms === 'recurring'
      ? await subscriptionPlanView(ctx.db, ctx.settings, planRow, planRow.key === plan ? (price?.label ?? null) : null)
      : null;
  // A Whop membership's price is Whop's: what it charged is in the invoices (from its webhooks).
  const subscriptionPlan = planView && provider === 'whop' ? { ...planView, label: null } : planView;
  let creditBalance: BillingSummary['creditBalance'] = null;
  if (sub && provider === 'local' && sub.creditBalanceCents > 0) {
    const currency = (await localCycleOf(ctx.db, ctx.settings, sub.plan)).price?.currency ?? invoices[0]?.currency;
    if (currency) creditBalance = { amountCents: sub.creditBalanceCents, currency };
  }
  return {
    provider,
    plan,
    price,
    subscriptionPlan,
    status,
    hasAccess: row.hasActiveSubscription || ctx.user.isAdmin,
    currentPeriodEnd: iso(sub?.currentPeriodEnd),
    trialEnd: status === 'trialing' ? iso(sub?.trialEnd) : null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    cancelReason: sub?.cancelAtPeriodEnd ? sub.cancelReason : null,
    graceEndsAt:
      status === 'past_due' && sub?.pastDueSince
        ? graceEndsAt(sub.pastDueSince, graceDaysOf(ctx.settings)).toISOString()
        : null,
    paymentMethod,
    invoices,
    canManage: provider === 'stripe' && billing !== undefined && row.stripeCustomerId !== null,
    manageUrl: provider === 'whop' ? WHOP_MEMBERSHIPS_URL : null,
    canCancel: changeable && !sub.cancelAtPeriodEnd && ['active', 'trialing', 'past_due'].includes(status),
    canResume: changeable && sub.cancelAtPeriodEnd && !periodOver,
    canChangePlan: changeable && !sub.cancelAtPeriodEnd && !periodOver && ['active', 'trialing'].includes(status),
    creditBalance,
    detailsUnavailable,
  };
}

const dateText = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : 'the end of the period');

async function setCancel(ctx: Ctx, cancel: boolean, reason: string | null): Promise<BillingChangeOutput> {
  const before = await billingSummaryHandler({ ctx });
  if (cancel ? !before.canCancel : !before.canResume) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: cancel ? 'There is no active subscription to cancel' : 'There is no cancellation to undo',
    });
  }
  const { row, sub } = await loadAccount(ctx);
  if (!sub || !row.stripeSubscriptionId)
    throw new TRPCError({ code: 'CONFLICT', message: 'There is no subscription on record' });
  if (before.provider === 'stripe') {
    // Stripe is told; its customer.subscription.updated webhook brings the change back here.
    try {
      await ctx.ports.payments.billing!.setCancelAtPeriodEnd(sub.subscriptionId, cancel, reason ?? undefined);
    } catch (err) {
      ctx.log.error({ err, userId: row.id }, 'Stripe subscription could not be changed');
      throw unavailable(STRIPE_UNREACHABLE);
    }
    await setCancelRequest(ctx.db, sub.subscriptionId, reason, cancel);
  } else {
    // The local test mode is its own provider: the change goes through the same path as a webhook.
    await setCancelRequest(ctx.db, sub.subscriptionId, reason, cancel);
    await applyPaymentEvent(ctx, {
      id: localId('evt'),
      provider: 'local',
      providerType: 'customer.subscription.updated',
      event: {
        type: 'subscription.changed',
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
        email: null,
        plan: null,
        status: sub.status,
        occurredAt: new Date(),
        cancelAtPeriodEnd: cancel,
      },
    });
  }
  const summary = await billingSummaryHandler({ ctx });
  const message = cancel
    ? `Your subscription ends on ${dateText(summary.currentPeriodEnd ?? before.currentPeriodEnd)}; access continues until then.`
    : 'Your subscription continues and renews as before.';
  return { message, summary };
}

/** `POST /api/billing/cancel`: cancels at the end of the paid period, keeping the reason when one is given. */
export function cancelSubscriptionHandler({ ctx, input }: { ctx: Ctx; input: { reason?: string | undefined } }) {
  return setCancel(ctx, true, input.reason ? input.reason : null);
}

/** `POST /api/billing/resume`: undoes a cancellation before the period ends. */
export function resumeSubscriptionHandler({ ctx }: { ctx: Ctx }) {
  return setCancel(ctx, false, null);
}

/** `POST /api/billing/portal`: a Stripe Customer Portal session for the user's own customer. */
export async function billingPortalHandler({ ctx }: { ctx: Ctx }): Promise<{ url: string }> {
  const { row } = await loadAccount(ctx);
  const billing = ctx.ports.payments.billing;
  if (!billing || !row.stripeCustomerId || paymentProviderOf(row.stripeCustomerId) !== 'stripe') {
    throw new TRPCError({ code: 'CONFLICT', message: 'There is no Stripe billing account for this user' });
  }
  try {
    return {
      url: await billing.portalSession(row.stripeCustomerId, `${ctx.settings.publicUrl}/profile?section=billing`),
    };
  } catch (err) {
    ctx.log.error({ err, userId: row.id }, 'Stripe billing portal could not be opened');
    throw unavailable('The billing portal could not be opened. Please try again.');
  }
}
