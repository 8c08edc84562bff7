import type { Db } from '@t0/db';

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
