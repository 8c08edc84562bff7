import type { Db } from '@t0/db';

/**
 * Records a provider event as processed. Answers false when it was already recorded: the caller
 * then applies nothing. Inside the applying transaction, so a failed application is retried.
 */
export async function recordPaymentEvent(db: Db, e: { id: string; provider: string; type: string }): Promise<boolean> {
  const row = await db
    .insertInto('processedPaymentEvents')
    .values({ eventId: e.id, provider: e.provider, type: e.type.slice(0, 100) })
    .onConflict((oc) => oc.column('eventId').doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return row !== undefined;
}
