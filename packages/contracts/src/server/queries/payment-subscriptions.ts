import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import { supersedes } from '../../domain/subscriptions';

type Db = Kysely<Database>;

export interface SubscriptionStateInput {
  subscriptionId: string;
  provider: string;
  customerId: string | null;
  email: string | null;
  plan: string | null;
  status: string;
  eventAt: Date;
}

/**
 * Stores an event's view of a subscription unless a newer one is already stored. Answers the
 * state that holds afterwards and whether this event changed it. Call inside a transaction.
 */
export async function applySubscriptionState(db: Db, s: SubscriptionStateInput) {
  const inserted = await db
    .insertInto('paymentSubscriptions')
    .values({ ...s, email: s.email?.toLowerCase() ?? null })
    .onConflict((oc) => oc.column('subscriptionId').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { state: inserted, changed: true };
  const stored = await db
    .selectFrom('paymentSubscriptions')
    .selectAll()
    .where('subscriptionId', '=', s.subscriptionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!supersedes(stored, { status: s.status, eventAt: s.eventAt })) return { state: stored, changed: false };
  const state = await db
    .updateTable('paymentSubscriptions')
    .set({
      status: s.status,
      eventAt: s.eventAt,
      customerId: s.customerId ?? stored.customerId,
      email: s.email?.toLowerCase() ?? stored.email,
      plan: s.plan ?? stored.plan,
      updatedAt: new Date(),
    })
    .where('subscriptionId', '=', s.subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { state, changed: true };
}
