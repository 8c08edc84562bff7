import type { Db } from '@t0/db';

// Rooms: what a desk sells access to. An instrument listed in no room belongs to the default room.

/** Every room, archived ones too, in the desk's order. */
export function listRooms(db: Db) {
  return db.selectFrom('rooms').selectAll().orderBy('position').orderBy('id').execute();
}

export function findRoomBySlug(db: Db, slug: string) {
  return db.selectFrom('rooms').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function findRoomById(db: Db, id: number) {
  return db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The room everything not listed elsewhere belongs to (exactly one; the migration makes it). */
export function findDefaultRoom(db: Db) {
  return db.selectFrom('rooms').selectAll().where('isDefault', '=', true).executeTakeFirstOrThrow();
}

/** The room an instrument's signals, memos and chart notes belong to by default. */
export async function findRoomOfInstrument(db: Db, symbol: string) {
  const listed = await db
    .selectFrom('roomInstruments as ri')
    .innerJoin('rooms as r', 'r.id', 'ri.roomId')
    .selectAll('r')
    .where('ri.symbol', '=', symbol.toUpperCase())
    .executeTakeFirst();
  return listed ?? findDefaultRoom(db);
}

/** Which room each listed instrument is in (symbol → room slug); the rest are in the default room. */
export async function listInstrumentRooms(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('roomInstruments as ri')
    .innerJoin('rooms as r', 'r.id', 'ri.roomId')
    .select(['ri.symbol', 'r.slug'])
    .execute();
  return new Map(rows.map((r) => [r.symbol, r.slug]));
}

/** A function naming the room of any instrument (listed ones, the rest in the default room): one read for many. */
export async function instrumentRoomResolver(db: Db): Promise<(symbol: string) => string> {
  const [listed, fallback] = await Promise.all([listInstrumentRooms(db), findDefaultRoom(db)]);
  return (symbol) => listed.get(symbol.toUpperCase()) ?? fallback.slug;
}
