import type { Db } from '@t0/db';
import { sql } from 'kysely';

// The desk's saved replies (`saved_replies`): a title and a text inserted into a reply.

/** The advisory lock adding a saved reply takes (signal-events.queries.ts takes 730_013). */
const SAVED_REPLIES_LOCK = 730_045;

/** Every saved reply, by title (then oldest first). */
export function listSavedReplies(db: Db) {
  return db.selectFrom('savedReplies').selectAll().orderBy('title').orderBy('id').execute();
}

export function findSavedReply(db: Db, id: number) {
  return db.selectFrom('savedReplies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many saved replies the desk keeps. */
export async function countSavedReplies(db: Db): Promise<number> {
  const row = await db
    .selectFrom('savedReplies')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the saved replies' lock for the rest of the transaction, so two desk members adding one at
 * the same time cannot both pass the count.
 */
export async function lockSavedReplies(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(SAVED_REPLIES_LOCK)})`.execute(db);
}

export function insertSavedReply(db: Db, values: { title: string; body: string; createdBy: number }) {
  return db.insertInto('savedReplies').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSavedReply(db: Db, id: number, values: { title?: string; body?: string }) {
  return db
    .updateTable('savedReplies')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSavedReply(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('savedReplies').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
