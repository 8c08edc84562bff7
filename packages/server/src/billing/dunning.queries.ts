import type { Db } from '@t0/db';
import { sql } from 'kysely';

/** Keeps the link that fixes a past-due subscription's payment (the provider's hosted invoice), or clears it. */
export async function setDunningUrl(db: Db, subscriptionId: string, url: string | null): Promise<void> {
  await db
    .updateTable('paymentSubscriptions')
    .set({ dunningUrl: url })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}

/** Past-due subscriptions that their user holds now (with access, in the grace period), for the reminders. */
export function listPastDueHeld(db: Db) {
  return db
    .selectFrom('paymentSubscriptions as s')
    .innerJoin('users as u', 'u.stripeSubscriptionId', 's.subscriptionId')
    .select(['s.subscriptionId', 's.pastDueSince', 's.dunningRemindersSent', 'u.id as userId'])
    .where('s.status', '=', 'past_due')
    .where('s.pastDueSince', 'is not', null)
    .where('u.hasActiveSubscription', '=', true)
    .execute();
}

/**
 * Claims reminder number `step` of a past-due subscription: true once (the count moves on in the
 * transaction that queues its message), false when it was sent or the subscription is past due no more.
 */
export async function claimDunningReminder(db: Db, subscriptionId: string, step: number): Promise<boolean> {
  const res = await db
    .updateTable('paymentSubscriptions')
    .set({ dunningRemindersSent: step })
    .where('subscriptionId', '=', subscriptionId)
    .where('status', '=', 'past_due')
    .where('dunningRemindersSent', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Subscriptions that ended between `from` and `until` and were offered nothing yet, with the account
 * that held them when it has no access now (a re-subscribed or granted account is left out), not an
 * administrator's. A Whop membership is Whop's to win back. `customerId` is the provider's customer:
 * the subscription's, else the account's.
 */
export function listWinBackCandidates(db: Db, from: Date, until: Date) {
  return db
    .selectFrom('paymentSubscriptions as s')
    .innerJoin('users as u', (j) => j.on(sql`lower(u.email)`, '=', sql.ref('s.email')))
    .select(['s.subscriptionId', 's.provider', 'u.id as userId', 'u.email'])
    .select((eb) => eb.fn.coalesce('s.customerId', 'u.stripeCustomerId').as('customerId'))
    .where('s.endedAt', '>=', from)
    .where('s.endedAt', '<=', until)
    .where('s.winBackOfferedAt', 'is', null)
    .where('s.provider', 'in', ['stripe', 'local'])
    .where('u.hasActiveSubscription', '=', false)
    .where('u.isAdmin', '=', false)
    .execute();
}

/** Claims a subscription's win-back offer: true once. */
export async function claimWinBack(db: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('paymentSubscriptions')
    .set({ winBackOfferedAt: now })
    .where('subscriptionId', '=', subscriptionId)
    .where('winBackOfferedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a claimed win-back offer failed for good (the provider refused it): when, and why. */
export async function markWinBackFailed(db: Db, subscriptionId: string, failure: string, now: Date): Promise<void> {
  await db
    .updateTable('paymentSubscriptions')
    .set({ winBackFailedAt: now, winBackFailure: failure.slice(0, 500) })
    .where('subscriptionId', '=', subscriptionId)
    .execute();
}

/** The win-back offers marked not made (refused for good, or given up after the job's last try), newest first: for the console. */
export function listWinBackFailures(db: Db, limit = 50) {
  return db
    .selectFrom('paymentSubscriptions')
    .select(['email', 'subscriptionId', 'endedAt', 'winBackFailedAt', 'winBackFailure'])
    .where('winBackFailedAt', 'is not', null)
    .orderBy('winBackFailedAt', 'desc')
    .orderBy('subscriptionId')
    .limit(limit)
    .execute();
}
