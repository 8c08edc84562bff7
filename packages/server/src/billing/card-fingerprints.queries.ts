import type { Db } from '@t0/db';
import { sql } from 'kysely';

/**
 * Keeps a card's fingerprint with the account it paid for: the first time it is seen, and the last
 * (a payment told again or out of order moves neither the wrong way). Only the fingerprint is kept.
 */
export async function recordCardFingerprint(db: Db, userId: number, fingerprint: string, seenAt: Date) {
  await db
    .insertInto('userCardFingerprints')
    .values({ userId, fingerprint, firstSeen: seenAt, lastSeen: seenAt })
    .onConflict((oc) =>
      oc.columns(['userId', 'fingerprint']).doUpdateSet({
        firstSeen: sql`least(user_card_fingerprints.first_seen, excluded.first_seen)`,
        lastSeen: sql`greatest(user_card_fingerprints.last_seen, excluded.last_seen)`,
      }),
    )
    .execute();
}

/** Whether two accounts have paid with the same card (a fingerprint kept for both). */
export async function shareACard(db: Db, userA: number, userB: number): Promise<boolean> {
  const row = await db
    .selectFrom('userCardFingerprints as a')
    .innerJoin('userCardFingerprints as b', 'b.fingerprint', 'a.fingerprint')
    .select('a.fingerprint')
    .where('a.userId', '=', userA)
    .where('b.userId', '=', userB)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
