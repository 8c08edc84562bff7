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
