import type { Db } from '@t0/db';
import { graceEndsAt } from '@t0/contracts/domain/billing/billing';
import { settle } from '@t0/contracts/domain/billing/proration';
import { takePendingDiscount } from '../promotions/promotions.queries';
import { recordLedgerEntry } from '../ledger/record-entry';

export function findSubscription(db: Db, subscriptionId: string) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .executeTakeFirst();
}

/** A subscription's row, locked until the transaction ends (a plan change reads and writes it at once). */
export function findSubscriptionForUpdate(db: Db, subscriptionId: string) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The local test mode's period and credit balance after a plan change (the plan, status and period
 * end were written by the change's payment event).
 */
export async function setLocalPeriodAndCredit(
  db: Db,
  subscriptionId: string,
  s: { currentPeriodStart: Date; creditBalanceCents: number },
) {
  await db
    .updateTable('paymentSubscriptions')
    .set({ currentPeriodStart: s.currentPeriodStart, creditBalanceCents: s.creditBalanceCents, updatedAt: new Date() })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}

/** Where a local subscription's first period (or trial) began. */
export async function setPeriodStart(db: Db, subscriptionId: string, start: Date) {
  await db
    .updateTable('paymentSubscriptions')
    .set({ currentPeriodStart: start })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}

/**
 * Takes what it can of an invoice of `amountCents` from the subscription's credit balance (a
 * downgrade's credit), as Stripe applies a customer balance; answers the credit taken.
 */
async function takeCreditBalance(db: Db, subscriptionId: string, amountCents: number): Promise<number> {
  const row = await db
    .selectFrom('paymentSubscriptions')
    .select('creditBalanceCents')
    .where('subscriptionId', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.creditBalanceCents <= 0 || amountCents <= 0) return 0;
  const { balanceAppliedCents, balanceAfterCents } = settle(amountCents, row.creditBalanceCents);
  await db
    .updateTable('paymentSubscriptions')
    .set({ creditBalanceCents: balanceAfterCents })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
  return balanceAppliedCents;
}

/** Keeps when the subscriber asked to cancel and their reason, if they gave one (both cleared on resume); shown to admins. */
export async function setCancelRequest(db: Db, subscriptionId: string, reason: string | null, requested: boolean) {
  await db
    .updateTable('paymentSubscriptions')
    .set({ cancelReason: requested ? reason : null, cancelRequestedAt: requested ? new Date() : null })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}

export function listLocalInvoices(db: Db, subscriptionId: string) {
  return db
    .selectFrom('billingInvoices')
    .selectAll()
    .where('subscriptionId', '=', subscriptionId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(24)
    .execute();
}

export async function insertLocalInvoice(
  db: Db,
  i: {
    subscriptionId: string;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    status?: 'paid' | 'open';
    discountCents?: number;
    promotionCode?: string | null;
    creditCents?: number;
    description?: string | null;
  },
): Promise<string> {
  const count = await db
    .selectFrom('billingInvoices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const number = `TEST-${String(Number(count.n) + 1).padStart(6, '0')}`;
  await db
    .insertInto('billingInvoices')
    .values({ ...i, number, status: i.status ?? 'paid' })
    .execute();
  if ((i.status ?? 'paid') === 'paid' && i.amountCents > 0) await recordLocalPayment(db, number, i);
  return number;
}

/** The test mode's paid invoice in the ledger (its number is the payment's id), with the holder when known. */
async function recordLocalPayment(
  db: Db,
  number: string,
  i: { subscriptionId: string; amountCents: number; currency: string; periodStart: Date },
) {
  const holder = await db
    .selectFrom('paymentSubscriptions as s')
    .leftJoin('users as u', 'u.stripeSubscriptionId', 's.subscriptionId')
    .select(['s.plan', 'u.id as userId'])
    .where('s.subscriptionId', '=', i.subscriptionId)
    .executeTakeFirst();
  await recordLedgerEntry(db, {
    kind: 'payment',
    userId: holder?.userId ?? null,
    amount: i.amountCents,
    currency: i.currency,
    fee: null,
    provider: 'local',
    providerObjectId: number,
    chargeId: number,
    subscriptionId: i.subscriptionId,
    planKey: holder?.plan ?? null,
    occurredAt: i.periodStart,
  });
}

/**
 * A paid local invoice for a period: the plan's price less the discount of a promotion code waiting
 * on the subscription (taken once), then less the credit balance a downgrade left. Call inside the
 * transaction of the change it bills.
 */
export async function chargeLocalInvoice(
  db: Db,
  i: { subscriptionId: string; amountCents: number; currency: string; periodStart: Date; periodEnd: Date },
): Promise<string> {
  const discount = await takePendingDiscount(db, i.subscriptionId, i.amountCents, i.currency);
  const credit = await takeCreditBalance(db, i.subscriptionId, i.amountCents - discount.discountCents);
  const number = await insertLocalInvoice(db, {
    ...i,
    amountCents: i.amountCents - discount.discountCents - credit,
    discountCents: discount.discountCents,
    promotionCode: discount.code,
    creditCents: credit,
  });
  await discount.apply(number);
  return number;
}

/** Users whose past-due grace period ran out but who still have access. */
export function listGraceExpired(db: Db, graceDays: number, now: Date) {
  const since = new Date(now.getTime() - (graceEndsAt(now, graceDays).getTime() - now.getTime()));
  return (
    db
      .selectFrom('users')
      .innerJoin('paymentSubscriptions as s', 's.subscriptionId', 'users.stripeSubscriptionId')
      .selectAll('users')
      .where('users.hasActiveSubscription', '=', true)
      .where('s.status', '=', 'past_due')
      .where('s.pastDueSince', '<=', since)
      // Free access an administrator granted outlasts the grace period.
      .where((eb) => eb.or([eb('users.freeAccessUntil', 'is', null), eb('users.freeAccessUntil', '<=', now)]))
      .execute()
  );
}

/** Users whose free access has run out (with their subscription's status, if they have one). */
export function listFreeAccessEnded(db: Db, now: Date) {
  return db
    .selectFrom('users')
    .leftJoin('paymentSubscriptions as s', 's.subscriptionId', 'users.stripeSubscriptionId')
    .selectAll('users')
    .select('s.status as paidStatus')
    .where('users.freeAccessUntil', '<=', now)
    .execute();
}

/** Local (test-mode) subscriptions that renew: active, not cancelling, period over. */
export function listLocalRenewalsDue(db: Db, now: Date) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('provider', '=', 'local')
    .where('cancelAtPeriodEnd', '=', false)
    .where('status', '=', 'active')
    .where('currentPeriodEnd', '<=', now)
    .execute();
}

/**
 * Moves a subscription's period on (to `start`–`to`), unless another process did already (answers
 * whether this call did).
 */
export async function advancePeriod(
  db: Db,
  subscriptionId: string,
  from: Date,
  to: Date,
  start: Date = from,
): Promise<boolean> {
  const row = await db
    .updateTable('paymentSubscriptions')
    .set({ currentPeriodStart: start, currentPeriodEnd: to, updatedAt: new Date() })
    .where('subscriptionId', '=', subscriptionId)
    .where('currentPeriodEnd', '=', from)
    .returning('subscriptionId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Local (test-mode) subscriptions set to end whose period is over: the provider's own end, simulated. */
export function listLocalPeriodsEnded(db: Db, now: Date) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('provider', '=', 'local')
    .where('cancelAtPeriodEnd', '=', true)
    .where('status', 'not in', ['canceled', 'incomplete_expired'])
    .where('currentPeriodEnd', '<=', now)
    .execute();
}

/** Whether this address has had a subscription (or a trial) before, with any provider: a trial is once per person. */
export async function hasSubscribedBefore(db: Db, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const sub = await db
    .selectFrom('paymentSubscriptions')
    .select('subscriptionId')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .limit(1)
    .executeTakeFirst();
  if (sub) return true;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .where('stripeSubscriptionId', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return user !== undefined;
}

/** Local (test-mode) trials whose free days are over and that were not cancelled: they convert (first paid invoice). */
export function listLocalTrialsEnded(db: Db, now: Date) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('provider', '=', 'local')
    .where('cancelAtPeriodEnd', '=', false)
    .where('status', '=', 'trialing')
    .where('currentPeriodEnd', '<=', now)
    .execute();
}

/** Trials (any provider) ending within `withinMs` whose reminder has not gone out. */
export function listTrialRemindersDue(db: Db, now: Date, withinMs: number) {
  return db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('status', '=', 'trialing')
    .where('trialReminderSentAt', 'is', null)
    .where('trialEnd', '>', now)
    .where('trialEnd', '<=', new Date(now.getTime() + withinMs))
    .execute();
}

/** Claims a trial's reminder (answers whether this call did): set once, so it is never sent twice. */
export async function claimTrialReminder(db: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('paymentSubscriptions')
    .set({ trialReminderSentAt: now })
    .where('subscriptionId', '=', subscriptionId)
    .where('trialReminderSentAt', 'is', null)
    .returning('subscriptionId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back after a failed send (the next sweep tries again). */
export async function releaseTrialReminder(db: Db, subscriptionId: string) {
  await db
    .updateTable('paymentSubscriptions')
    .set({ trialReminderSentAt: null })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}
