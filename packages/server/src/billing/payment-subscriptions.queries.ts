import type { Db } from '@t0/db';
import { grantsAccess, isTerminal, supersedes } from '@t0/contracts/domain/billing/subscriptions';

export interface SubscriptionStateInput {
  subscriptionId: string;
  provider: string;
  customerId: string | null;
  email: string | null;
  plan: string | null;
  status: string;
  eventAt: Date;
  /** Undefined: not told by this event (the stored value stays). */
  cancelAtPeriodEnd?: boolean | undefined;
  currentPeriodEnd?: Date | null | undefined;
  /** A reason the provider collected (kept unless one is already on record). */
  cancelReason?: string | null | undefined;
  /** When the free trial ends; undefined: not told (the stored value stays). */
  trialEnd?: Date | null | undefined;
}

/** When a subscription fell past due: kept while it stays past due, cleared when it leaves. */
function pastDueSince(status: string, stored: Date | null, eventAt: Date): Date | null {
  if (status !== 'past_due') return null;
  return stored ?? eventAt;
}

/** The first time a subscription granted access (kept once set): "new this month" counts from it. */
function startedAt(status: string, stored: Date | null, eventAt: Date): Date | null {
  return stored ?? (grantsAccess(status) ? eventAt : null);
}

/** When a subscription ended (kept once set): "ended this month" and churn count from it. */
function endedAt(status: string, stored: Date | null, eventAt: Date): Date | null {
  return stored ?? (isTerminal(status) ? eventAt : null);
}

/**
 * Stores an event's view of a subscription unless a newer one is already stored. Answers the
 * state that holds afterwards and whether this event changed it. Call inside a transaction.
 */
export async function applySubscriptionState(db: Db, s: SubscriptionStateInput) {
  const { cancelAtPeriodEnd, currentPeriodEnd, cancelReason, trialEnd, ...base } = s;
  const reason = cancelReason ? cancelReason.slice(0, 500) : null;
  const inserted = await db
    .insertInto('paymentSubscriptions')
    .values({
      ...base,
      email: s.email?.toLowerCase() ?? null,
      cancelAtPeriodEnd: cancelAtPeriodEnd ?? false,
      currentPeriodEnd: currentPeriodEnd ?? null,
      trialEnd: trialEnd ?? null,
      pastDueSince: pastDueSince(s.status, null, s.eventAt),
      cancelReason: reason,
      startedAt: startedAt(s.status, null, s.eventAt),
      endedAt: endedAt(s.status, null, s.eventAt),
    })
    .onConflict((oc) => oc.column('subscriptionId').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { state: inserted, changed: true, inserted: true };
  const stored = await db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('subscriptionId', '=', s.subscriptionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!supersedes(stored, { status: s.status, eventAt: s.eventAt }))
    return { state: stored, changed: false, inserted: false };
  const state = await db
    .updateTable('paymentSubscriptions')
    .set({
      status: s.status,
      eventAt: s.eventAt,
      customerId: s.customerId ?? stored.customerId,
      email: s.email?.toLowerCase() ?? stored.email,
      plan: s.plan ?? stored.plan,
      cancelAtPeriodEnd: cancelAtPeriodEnd ?? stored.cancelAtPeriodEnd,
      currentPeriodEnd: currentPeriodEnd === undefined ? stored.currentPeriodEnd : currentPeriodEnd,
      trialEnd: trialEnd === undefined ? stored.trialEnd : trialEnd,
      pastDueSince: pastDueSince(s.status, stored.pastDueSince, s.eventAt),
      // A new fall past due starts its reminders again.
      ...(s.status === 'past_due' && stored.pastDueSince === null ? { dunningRemindersSent: 0 } : {}),
      cancelReason: stored.cancelReason ?? reason,
      cancelRequestedAt: stored.cancelReason === null && reason !== null ? new Date() : stored.cancelRequestedAt,
      startedAt: startedAt(s.status, stored.startedAt, s.eventAt),
      endedAt: endedAt(s.status, stored.endedAt, s.eventAt),
      updatedAt: new Date(),
    })
    .where('subscriptionId', '=', s.subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { state, changed: true, inserted: false };
}

/** The stored status of a subscription, or undefined when none is stored. */
export function findSubscriptionStatus(db: Db, subscriptionId: string) {
  return db
    .selectFrom('paymentSubscriptions')
    .select('status')
    .where('subscriptionId', '=', subscriptionId)
    .executeTakeFirst();
}

/** The stored plan of a subscription, or undefined when none is stored. */
export function findSubscriptionPlan(db: Db, subscriptionId: string) {
  return db
    .selectFrom('paymentSubscriptions')
    .select('plan')
    .where('subscriptionId', '=', subscriptionId)
    .executeTakeFirst();
}

/** Records the card a subscription is paid with (brand and last four digits). */
export async function setSubscriptionCard(
  db: Db,
  subscriptionId: string,
  card: { brand: string; last4: string },
): Promise<void> {
  await db
    .updateTable('paymentSubscriptions')
    .set({ cardBrand: card.brand.slice(0, 20), cardLast4: card.last4.slice(-4) })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}
