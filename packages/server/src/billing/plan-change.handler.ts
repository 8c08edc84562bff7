import type { UserRow } from '@t0/db';
import { TRPCError } from '@trpc/server';
import { formatAmount, periodEndOf } from '@t0/contracts/domain/billing/billing';
import { isLegacyPlanKey, planAmountOf } from '@t0/contracts/domain/plans/plans';
import {
  planChangeRefusal,
  PRORATION_DATE_MAX_AGE_MS,
  quotePlanChange,
  roomsChange,
  sameCycle,
  settle,
  type PlanChangeKind,
  type RecurringPrice,
} from '@t0/contracts/domain/billing/proration';
import type { User } from '@t0/contracts/schemas/auth/auth';
import type {
  PlanChangeInput,
  PlanChangeOutput,
  PlanChangePreviewInput,
  PlanChangeQuoteView,
} from '@t0/contracts/schemas/billing/billing';
import type { Context } from '../core/context';
import { conflict, unavailable, validationError } from '../core/errors';
import { transact } from '../core/transaction';
import { listCurrentGrants } from '../access/access-grants.queries';
import { listPlanRooms } from '../plans/plan-admin.queries';
import { findPlanByKey, listPlanRoomSlugs } from '../plans/plans.queries';
import type { ProviderBilling, ProviderPlanQuote } from '../ports';
import {
  findSubscriptionForUpdate,
  insertLocalInvoice,
  setLocalPeriodAndCredit,
  type findSubscription,
} from './billing.queries';
import { billingSummaryHandler, loadAccount, STRIPE_UNREACHABLE } from './billing.handler';
import { listPlanOffers } from '../plans/plan-offers.handler';
import { localId } from './checkout.handler';
import { applyPaymentEventInTransaction } from './payment-events.handler';
import { providerPriceOf, subscriptionPlanRow, subscriptionPlanView } from './plan-prices';

// Changing plans (docs/features/billing.md): a running subscription moves to another recurring plan,
// prorated as Stripe prorates (contracts/domain/billing/proration.ts). With Stripe, Stripe computes and bills
// it, and the grant follows from its webhook; in the local test mode the change, its invoice or credit
// balance and the grant are written here in one transaction, through the payment-event path.

type Ctx = Context & { user: User };
type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlanByKey>>>;
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;
type Room = { slug: string; name: string };

const SECOND = 1000;
const truncated = (d: Date) => new Date(Math.floor(d.getTime() / SECOND) * SECOND);
const dateText = (d: Date) => d.toISOString().slice(0, 10);
const planError = (message: string) => validationError([{ path: ['plan'], message }]);

interface Change {
  user: UserRow;
  sub: SubscriptionRow;
  provider: 'stripe' | 'local';
  from: PlanRow;
  to: PlanRow;
  trialing: boolean;
  /** The moment the change is prorated at (whole seconds). */
  at: Date;
}

/**
 * The change asked for, checked: a running subscription (active or trialing, not set to end) with a
 * provider that can change it, and a target plan the rules take. 409 without one, 400 naming `plan`
 * for a plan that is not a change target, 400 naming `prorationDate` for one out of bounds.
 */
async function prepare(ctx: Ctx, key: string, prorationDate: string | undefined): Promise<Change> {
  const { row, sub } = await loadAccount(ctx);
  if (!sub || !['active', 'trialing'].includes(sub.status))
    throw conflict('There is no running subscription to change; choose a plan at checkout instead');
  if (sub.cancelAtPeriodEnd) throw conflict('Your subscription is set to end; resume it before changing plan');
  const provider = sub.provider === 'stripe' ? 'stripe' : 'local';
  if (provider === 'stripe' ? !ctx.ports.payments.billing : ctx.ports.payments.mode !== 'local')
    throw conflict('This subscription cannot be changed here right now');
  const from = await subscriptionPlanRow(ctx.db, sub.plan);
  const to = await findPlanByKey(ctx.db, key);
  if (!to) throw planError(`plan: no plan has the key ${key}`);
  const prices = ctx.settings.billing?.plans ?? [];
  const refusal = planChangeRefusal(
    { key: from.key, currency: planAmountOf(from, prices)?.currency ?? null },
    {
      key: to.key,
      name: to.name,
      terms: to.terms,
      archived: to.archivedAt !== null,
      currency: planAmountOf(to, prices)?.currency ?? null,
    },
  );
  if (refusal) throw refusal.kind === 'invalid' ? planError(refusal.message) : conflict(refusal.message);
  const now = Date.now();
  let at = new Date(now);
  if (prorationDate !== undefined) {
    at = new Date(prorationDate);
    if (at.getTime() > now + 60 * SECOND || at.getTime() < now - PRORATION_DATE_MAX_AGE_MS)
      throw validationError([
        {
          path: ['prorationDate'],
          message: 'prorationDate: the preview is out of date; preview the change again',
        },
      ]);
  }
  return { user: row, sub, provider, from, to, trialing: sub.status === 'trialing', at: truncated(at) };
}

/** A recurring plan's cycle and amount, or 409 naming `plan` when it has no price here. */
function recurringPrice(ctx: Ctx, plan: PlanRow): RecurringPrice {
  const amount = planAmountOf(plan, ctx.settings.billing?.plans ?? []);
  if (!amount || !plan.interval)
    throw conflict(`plan: ${plan.name} has no price in the test mode; it cannot be changed to or from here`);
  return { interval: plan.interval, intervalCount: plan.intervalCount ?? 1, ...amount };
}

/** The current period of a local subscription: its stored start, else one cycle back from its end. */
function localPeriod(sub: SubscriptionRow, from: RecurringPrice, trialing: boolean) {
  const periodEnd = trialing ? (sub.trialEnd ?? sub.currentPeriodEnd) : sub.currentPeriodEnd;
  if (!periodEnd) throw conflict('Your subscription has no billing period on record');
  const periodStart = sub.currentPeriodStart ?? periodEndOf(periodEnd, from.interval, -from.intervalCount);
  return { periodStart, periodEnd };
}

interface Quoted {
  kind: PlanChangeKind;
  creditCents: number;
  chargeCents: number;
  totalCents: number;
  dueNowCents: number;
  balanceAppliedCents: number;
  creditBalanceCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/** The local test mode's own quote at `at`, from the stored period and credit balance. */
function localQuote(ctx: Ctx, change: Change, sub: SubscriptionRow): Quoted {
  const from = recurringPrice(ctx, change.from);
  const to = recurringPrice(ctx, change.to);
  const period = localPeriod(sub, from, change.trialing);
  if (change.at.getTime() < truncated(period.periodStart).getTime())
    throw validationError([
      { path: ['prorationDate'], message: 'prorationDate: the period renewed since the preview; preview again' },
    ]);
  if (change.at.getTime() >= period.periodEnd.getTime())
    throw conflict('Your renewal is due and being processed; please try again in a minute');
  const quote = quotePlanChange({ from, to, ...period, at: change.at, trialing: change.trialing });
  const settlement = settle(quote.totalCents, sub.creditBalanceCents);
  return {
    ...quote,
    dueNowCents: settlement.dueNowCents,
    balanceAppliedCents: settlement.balanceAppliedCents,
    creditBalanceCents: settlement.balanceAfterCents,
    currency: from.currency,
  };
}

/** Stripe's figures, read from its invoice, with the kind and the next renewal by the same rules. */
function providerQuoted(change: Change, q: ProviderPlanQuote): Quoted {
  const cycle = (p: PlanRow) => ({ interval: p.interval ?? 'month', intervalCount: p.intervalCount ?? 1 });
  const kind: PlanChangeKind = change.trialing
    ? 'trial'
    : sameCycle(cycle(change.from), cycle(change.to))
      ? 'prorated'
      : 'new_period';
  const totalCents = change.trialing ? 0 : q.chargeCents - q.creditCents;
  const settlement = settle(totalCents, q.balanceBeforeCents);
  const currentEnd = change.sub.currentPeriodEnd ?? change.at;
  const periodEnd =
    q.periodEnd ??
    (kind === 'new_period'
      ? periodEndOf(change.at, cycle(change.to).interval, cycle(change.to).intervalCount)
      : currentEnd);
  return {
    kind,
    creditCents: change.trialing ? 0 : q.creditCents,
    chargeCents: change.trialing ? 0 : q.chargeCents,
    totalCents,
    dueNowCents: settlement.dueNowCents,
    balanceAppliedCents: settlement.balanceAppliedCents,
    creditBalanceCents: settlement.balanceAfterCents,
    currency: q.currency,
    periodStart: kind === 'new_period' ? change.at : (change.sub.currentPeriodStart ?? change.at),
    periodEnd,
  };
}

/** The Stripe price the target plan is sold at, or 409 naming `plan`. */
function targetPrice(billing: ProviderBilling, to: PlanRow): string {
  const price = providerPriceOf(billing, to);
  if (!price) throw conflict(`plan: ${to.name} has no Stripe price; it cannot be chosen yet`);
  return price;
}

/** The quote as the paths answer it: both plans, the figures, and the rooms gained and lost. */
async function quoteView(ctx: Ctx, change: Change, q: Quoted): Promise<PlanChangeQuoteView> {
  const rooms = await listPlanRooms(ctx.db, [change.from.id, change.to.id]);
  const others = (await listCurrentGrants(ctx.db, change.user.id)).filter(
    (g) => !(g.source === 'subscription' && g.sourceRef === change.sub.subscriptionId),
  );
  const otherSlugs = [...(await listPlanRoomSlugs(ctx.db, [...new Set(others.map((g) => g.planId))])).values()].flat();
  const { gained, lost } = roomsChange<Room>(
    rooms.get(change.from.id) ?? [],
    rooms.get(change.to.id) ?? [],
    otherSlugs,
  );
  // A legacy plan priced by Stripe alone is labelled with Stripe's price (as GET /api/plans shows it).
  const providerLabel = async (p: PlanRow) => {
    if (!isLegacyPlanKey(p.key)) return null;
    try {
      return (await listPlanOffers(ctx)).plans.find((offer) => offer.key === p.key)?.label ?? null;
    } catch {
      return null;
    }
  };
  const side = async (p: PlanRow) => {
    const view = await subscriptionPlanView(ctx.db, ctx.settings, p, await providerLabel(p));
    return { key: p.key, name: p.name, label: view.label };
  };
  return {
    from: await side(change.from),
    to: await side(change.to),
    kind: q.kind,
    creditCents: q.creditCents,
    chargeCents: q.chargeCents,
    totalCents: q.totalCents,
    dueNowCents: q.dueNowCents,
    creditBalanceCents: q.creditBalanceCents,
    currency: q.currency,
    periodEnd: q.periodEnd.toISOString(),
    prorationDate: change.at.toISOString(),
    roomsGained: gained,
    roomsLost: lost,
  };
}

/** Stripe's answer, or 503 when it cannot be reached (a refusal of Stripe's stays the 409 it is). */
async function askStripe<T>(ctx: Ctx, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof TRPCError) throw err;
    ctx.log.error({ err, userId: ctx.user.id }, 'Stripe plan change failed');
    throw unavailable(STRIPE_UNREACHABLE);
  }
}

/** `GET /api/billing/plan-change?plan=KEY`: what moving to this plan costs now, and the rooms it changes. */
export async function previewPlanChangeHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PlanChangePreviewInput;
}): Promise<PlanChangeQuoteView> {
  const change = await prepare(ctx, input.plan, undefined);
  if (change.provider === 'local') return quoteView(ctx, change, localQuote(ctx, change, change.sub));
  const billing = ctx.ports.payments.billing!;
  const priceId = targetPrice(billing, change.to);
  const q = await askStripe(ctx, () =>
    billing.previewPlanChange({
      subscriptionId: change.sub.subscriptionId,
      priceId,
      prorationDate: change.at,
      trialing: change.trialing,
    }),
  );
  return quoteView(ctx, change, providerQuoted(change, q));
}

function messageOf(change: Change, q: Quoted): string {
  const money = (cents: number) => formatAmount(cents, q.currency);
  const head =
    change.provider === 'stripe'
      ? `Your plan is changing to ${change.to.name}; Billing shows it once Stripe confirms (in a moment).`
      : `You are now on ${change.to.name}.`;
  if (q.kind === 'trial')
    return `${head} Your free trial continues until ${dateText(q.periodEnd)}; then ${change.to.name} is billed.`;
  const parts = [head, q.dueNowCents > 0 ? `${money(q.dueNowCents)} charged now.` : 'Nothing is charged now.'];
  if (q.creditBalanceCents > 0) parts.push(`${money(q.creditBalanceCents)} of credit comes off your next invoice.`);
  parts.push(
    q.kind === 'new_period'
      ? `A new period started; it renews on ${dateText(q.periodEnd)}.`
      : `It renews on ${dateText(q.periodEnd)} as before.`,
  );
  return parts.join(' ');
}

/**
 * `POST /api/billing/plan-change {plan, prorationDate?}`: moves the subscription to another recurring
 * plan, prorated at the preview's moment. Stripe: the subscription's item takes the new price and the
 * proration is invoiced at once; the grant follows Stripe's webhook. Local test mode: the plan, the
 * period, the invoice or credit balance and the grant change in one transaction.
 */
export async function changePlanHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PlanChangeInput;
}): Promise<PlanChangeOutput> {
  const change = await prepare(ctx, input.plan, input.prorationDate);
  let quoted: Quoted;
  if (change.provider === 'stripe') {
    const billing = ctx.ports.payments.billing!;
    const priceId = targetPrice(billing, change.to);
    const seconds = Math.floor(change.at.getTime() / SECOND);
    const q = await askStripe(ctx, () =>
      billing.changePlan({
        subscriptionId: change.sub.subscriptionId,
        priceId,
        planKey: change.to.key,
        prorationDate: change.at,
        trialing: change.trialing,
        idempotencyKey: `t0-plan-change-${change.sub.subscriptionId}-${change.to.key}-${seconds}`,
      }),
    );
    quoted = providerQuoted(change, q);
  } else {
    quoted = await transact(ctx.db, async (trx) => {
      // The row is held until the change commits: the billing sweep (a renewal) or a second change
      // waits, then finds the period or the plan moved and leaves it.
      const sub = await findSubscriptionForUpdate(trx, change.sub.subscriptionId);
      if (
        !sub ||
        sub.status !== change.sub.status ||
        sub.plan !== change.sub.plan ||
        sub.cancelAtPeriodEnd ||
        sub.currentPeriodEnd?.getTime() !== change.sub.currentPeriodEnd?.getTime()
      )
        throw conflict('Your subscription changed meanwhile; please look at Billing again');
      const q = localQuote(ctx, change, sub);
      const applied = await applyPaymentEventInTransaction(
        { ...ctx, db: trx },
        {
          id: localId('evt'),
          provider: 'local',
          providerType: 'customer.subscription.updated',
          event: {
            type: 'subscription.changed',
            subscriptionId: sub.subscriptionId,
            customerId: sub.customerId,
            email: null,
            plan: change.to.key,
            status: sub.status,
            occurredAt: new Date(),
            currentPeriodEnd: q.kind === 'trial' ? sub.currentPeriodEnd : q.periodEnd,
          },
        },
      );
      if (!applied?.user) throw conflict('Your subscription changed meanwhile; please look at Billing again');
      await setLocalPeriodAndCredit(trx, sub.subscriptionId, {
        currentPeriodStart: q.kind === 'trial' ? (sub.currentPeriodStart ?? q.periodStart) : q.periodStart,
        creditBalanceCents: q.creditBalanceCents,
      });
      if (q.kind !== 'trial') {
        const credit = q.totalCents < 0 ? ` (credit ${formatAmount(-q.totalCents, q.currency)})` : '';
        await insertLocalInvoice(trx, {
          subscriptionId: sub.subscriptionId,
          amountCents: q.dueNowCents,
          creditCents: q.balanceAppliedCents,
          currency: q.currency,
          periodStart: change.at,
          periodEnd: q.periodEnd,
          description: `Plan change: ${change.from.name} → ${change.to.name}${credit}`,
        });
      }
      return q;
    });
  }
  const view = await quoteView(ctx, change, quoted);
  return { message: messageOf(change, quoted), summary: await billingSummaryHandler({ ctx }), change: view };
}
