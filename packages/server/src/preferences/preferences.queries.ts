import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { Preferences } from '@t0/contracts/schemas/preferences';

export async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  const row = await db.selectFrom('userSettings').select(['timeZone']).where('userId', '=', userId).executeTakeFirst();
  return { timeZone: row?.timeZone ?? null };
}

export async function savePreferences(db: Db, userId: number, prefs: Preferences): Promise<void> {
  await db
    .insertInto('userSettings')
    .values({ userId, timeZone: prefs.timeZone })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ timeZone: prefs.timeZone, updatedAt: sql<Date>`now()` }))
    .execute();
}
