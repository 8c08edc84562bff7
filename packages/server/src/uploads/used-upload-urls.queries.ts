import type { Db } from '@t0/db';
import { sql } from 'kysely';

/**
 * Claims a signed upload URL (by the id inside its signed token) for its one use: true for the
 * first claim, false when it is used already, whichever process saw it. Claims of URLs that
 * expired over an hour ago are forgotten on the way (an expired URL is refused before this).
 */
export async function claimUploadUrl(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  await db
    .deleteFrom('usedUploadUrls')
    .where('expiresAt', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  const row = await db
    .insertInto('usedUploadUrls')
    .values({ id, expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claimed URL back (its file was refused or not stored), so it may be used again while valid. */
export async function releaseUploadUrl(db: Db, id: string): Promise<void> {
  await db.deleteFrom('usedUploadUrls').where('id', '=', id).execute();
}
