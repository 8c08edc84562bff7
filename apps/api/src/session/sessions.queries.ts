import type { Database, Db } from '@t0/db';
import { CompiledQuery, sql, type Kysely } from 'kysely';

/** A stored session as read with its user: the user's row as `to_jsonb` gives it (snake_case keys). */
export interface StoredSessionRow {
  sess: unknown;
  expire: Date | string;
  user_row: Record<string, unknown> | null;
}

const LOAD_SQL = `
  select s.sess, s.expire, (select to_jsonb(u) from users u where u.id = (s.sess ->> 'userId')::int) as user_row
  from sessions s
  where s.sid = $1 and s.expire > now()`;

/** An unexpired session with its user's row, in one round trip (compiled once), or undefined. */
export async function loadSessionWithUser(db: Kysely<Database>, sid: string): Promise<StoredSessionRow | undefined> {
  const { rows } = await db.executeQuery<StoredSessionRow>(CompiledQuery.raw(LOAD_SQL, [sid]));
  return rows[0];
}

/** Stores a session just signed in. */
export async function insertSession(db: Db, sid: string, sess: string, expire: Date): Promise<void> {
  await db.insertInto('sessions').values({ sid, sess, expire }).execute();
}

/** Saves a stored session again; a session deleted meanwhile (signed out) stays deleted. */
export async function updateSession(db: Db, sid: string, sess: string, expire: Date): Promise<void> {
  await db.updateTable('sessions').set({ sess, expire }).where('sid', '=', sid).execute();
}

/** Deletes one session. */
export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Deletes expired sessions; answers how many went. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where('expire', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The stored sessions among `sids` (whatever their expiry): their data and expiry. */
export function listSessionsBySid(db: Db, sids: string[]) {
  return db.selectFrom('sessions').select(['sid', 'sess', 'expire']).where('sid', 'in', sids).execute();
}
