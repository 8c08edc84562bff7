import type { AnalystRow, Db } from '@t0/db';
import { sql } from 'kysely';

// Analysts (`analysts`, `analyst_rooms`): who publishes under a name of their own, in which rooms.

export function findAnalystByUserId(db: Db, userId: number) {
  return db.selectFrom('analysts').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The analyst, locked for the rest of the transaction (undefined when the user is none). */
export function findAnalystByUserIdForUpdate(db: Db, userId: number) {
  return db.selectFrom('analysts').selectAll().where('userId', '=', userId).forUpdate().executeTakeFirst();
}

export function findAnalystById(db: Db, id: number) {
  return db.selectFrom('analysts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findAnalystBySlug(db: Db, slug: string) {
  return db.selectFrom('analysts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function insertAnalyst(
  db: Db,
  values: { userId: number; slug: string; displayName: string; title: string; disclosure: string },
) {
  return db.insertInto('analysts').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes the analyst's fields; `active` true brings back one deactivated. */
export function updateAnalyst(
  db: Db,
  id: number,
  values: Partial<Pick<AnalystRow, 'slug' | 'displayName' | 'title' | 'disclosure'>> & { active?: boolean },
) {
  return db
    .updateTable('analysts')
    .set({
      ...values,
      ...(values.active === true ? { deactivatedAt: null } : {}),
      ...(values.active === false ? { deactivatedAt: sql<Date>`now()` } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The analyst's rooms become these (room ids). */
export async function setAnalystRooms(db: Db, analystId: number, roomIds: readonly number[]) {
  await db.deleteFrom('analystRooms').where('analystId', '=', analystId).execute();
  if (roomIds.length > 0)
    await db
      .insertInto('analystRooms')
      .values(roomIds.map((roomId) => ({ analystId, roomId })))
      .execute();
}

/** Each analyst's room slugs (analyst id → slugs in the desk's order). */
export async function listAnalystRoomSlugs(db: Db, analystIds?: readonly number[]): Promise<Map<number, string[]>> {
  if (analystIds && analystIds.length === 0) return new Map();
  let query = db
    .selectFrom('analystRooms as ar')
    .innerJoin('rooms as r', 'r.id', 'ar.roomId')
    .select(['ar.analystId', 'r.slug'])
    .orderBy('r.position')
    .orderBy('r.id');
  if (analystIds) query = query.where('ar.analystId', 'in', analystIds);
  const out = new Map<number, string[]>();
  for (const row of await query.execute()) out.set(row.analystId, [...(out.get(row.analystId) ?? []), row.slug]);
  return out;
}

/** Every analyst, active first, then oldest, with the user's e-mail address. */
export function listAnalystsWithEmail(db: Db) {
  return db
    .selectFrom('analysts as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .selectAll('a')
    .select('u.email')
    .orderBy('a.active', 'desc')
    .orderBy('a.id')
    .execute();
}

/**
 * The user's desk as an analyst: the active analyst's id and the rooms (not archived) they publish
 * in, or undefined when the user is no active analyst.
 */
export async function findActiveAnalystDesk(db: Db, userId: number) {
  const analyst = await db
    .selectFrom('analysts')
    .select(['id'])
    .where('userId', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!analyst) return undefined;
  const rooms = await db
    .selectFrom('analystRooms as ar')
    .innerJoin('rooms as r', 'r.id', 'ar.roomId')
    .select('r.slug')
    .where('ar.analystId', '=', analyst.id)
    .where('r.archivedAt', 'is', null)
    .execute();
  return { analystId: analyst.id, rooms: rooms.map((r) => r.slug) };
}

/** What the audit log records of an analyst: the row's fields and the room slugs. */
export async function analystAuditSnapshot(db: Db, userId: number): Promise<Record<string, unknown> | undefined> {
  const row = await findAnalystByUserId(db, userId);
  if (!row) return undefined;
  const rooms = (await listAnalystRoomSlugs(db, [row.id])).get(row.id) ?? [];
  return {
    slug: row.slug,
    displayName: row.displayName,
    title: row.title,
    disclosure: row.disclosure,
    active: row.active,
    rooms,
  };
}

/** The authors shown for signals (analyst id → slug, name, title as they are now). */
export async function listAuthors(db: Db) {
  const rows = await db.selectFrom('analysts').select(['id', 'slug', 'displayName', 'title']).execute();
  return new Map(rows.map((r) => [r.id, { slug: r.slug, name: r.displayName, title: r.title }]));
}

/** The analysts a subscriber may follow or mute: the name shown, never the account; active first. */
export function listAnalystDirectory(db: Db) {
  return db
    .selectFrom('analysts')
    .select(['slug', 'displayName', 'title', 'active'])
    .orderBy('active', 'desc')
    .orderBy('displayName')
    .execute();
}

/** Every analyst, departed ones included, as the leaderboard names them. */
export function listAnalystsForBoard(db: Db) {
  return db.selectFrom('analysts').select(['id', 'slug', 'displayName', 'title', 'active']).orderBy('id').execute();
}

/** An analyst's disclosure as written now (undefined when there is no such analyst). */
export async function findAnalystDisclosure(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('analysts').select('disclosure').where('id', '=', id).executeTakeFirst();
  return row?.disclosure;
}
