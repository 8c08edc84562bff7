import type { Db } from '@t0/db';
import { sql } from 'kysely';

// The console's writes to rooms and their instruments, and the figures it shows beside them.

export interface RoomFields {
  name: string;
  description: string;
  chatLanguage: string;
  position: number;
  telegramChatId: string | null;
  discordRoleId: string | null;
}

/** The listed symbols of every room (room id → symbols, in alphabetical order). */
export async function listRoomInstruments(db: Db): Promise<Map<number, string[]>> {
  const rows = await db.selectFrom('roomInstruments').select(['roomId', 'symbol']).orderBy('symbol').execute();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.roomId, [...(out.get(r.roomId) ?? []), r.symbol]);
  return out;
}

/**
 * Users holding each room now (room slug → count): `users.access_rooms` has the slug, with no end
 * (JSON null) or an end still ahead.
 */
export async function countRoomMembers(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('rooms as r')
    .innerJoin('users as u', (join) => join.on(sql<boolean>`(u.access_rooms -> r.slug) is not null`))
    .select(['r.slug', (eb) => eb.fn.countAll<string>().as('members')])
    .where(sql<boolean>`((u.access_rooms ->> r.slug) is null or (u.access_rooms ->> r.slug)::timestamptz > now())`)
    .groupBy('r.slug')
    .execute();
  return new Map(rows.map((r) => [r.slug, Number(r.members)]));
}

/** The ids and archive times of the rooms with these slugs (slug → id); a slug with no room is absent. */
export async function findRoomIdsBySlug(
  db: Db,
  slugs: readonly string[],
): Promise<Map<string, { id: number; archivedAt: Date | null }>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('rooms')
    .select(['id', 'slug', 'archivedAt'])
    .where('slug', 'in', [...slugs])
    .execute();
  return new Map(rows.map((r) => [r.slug, { id: r.id, archivedAt: r.archivedAt }]));
}

export function insertRoom(db: Db, slug: string, fields: RoomFields) {
  return db
    .insertInto('rooms')
    .values({ slug, ...fields })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateRoom(db: Db, id: number, fields: Partial<RoomFields>) {
  return db
    .updateTable('rooms')
    .set({ ...fields, updatedAt: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The highest position of the rooms (-1 with none). */
export async function maxRoomPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  return row?.max ?? -1;
}

/** Archives a room (once: the first time stands). */
export function archiveRoom(db: Db, id: number) {
  return db
    .updateTable('rooms')
    .set({ archivedAt: sql`coalesce(archived_at, now())`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The room's instruments become exactly `symbols`: a symbol listed in another room moves here (an
 * instrument is in at most one room), a symbol no longer listed falls to the default room.
 * Published signals keep their room (they hold `room_id` themselves).
 */
export async function setRoomInstruments(db: Db, roomId: number, symbols: readonly string[]): Promise<void> {
  await db.deleteFrom('roomInstruments').where('roomId', '=', roomId).execute();
  if (symbols.length === 0) return;
  await db
    .deleteFrom('roomInstruments')
    .where('symbol', 'in', [...symbols])
    .execute();
  await db
    .insertInto('roomInstruments')
    .values(symbols.map((symbol) => ({ symbol, roomId })))
    .execute();
}

/** What the audit log records of a room: its row and its listed instruments. */
export async function roomAuditSnapshot(db: Db, slug: string): Promise<Record<string, unknown> | undefined> {
  const room = await db.selectFrom('rooms').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!room) return undefined;
  const instruments = await db
    .selectFrom('roomInstruments')
    .select('symbol')
    .where('roomId', '=', room.id)
    .orderBy('symbol')
    .execute();
  return { ...room, instruments: instruments.map((i) => i.symbol).join(',') };
}
