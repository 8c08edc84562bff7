import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { Language } from '@t0/contracts/domain/languages/languages';
import type { Preferences, PreferencesInput } from '@t0/contracts/schemas/preferences/preferences';

export async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('userSettings')
    .select(['timeZone', 'language'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return { timeZone: row?.timeZone ?? null, language: (row?.language as Language | null | undefined) ?? null };
}

/** Writes the fields given; a field left out keeps its stored value. */
export async function savePreferences(db: Db, userId: number, prefs: PreferencesInput): Promise<void> {
  const given = {
    ...(prefs.timeZone !== undefined ? { timeZone: prefs.timeZone } : {}),
    ...(prefs.language !== undefined ? { language: prefs.language } : {}),
  };
  await db
    .insertInto('userSettings')
    .values({ userId, ...given })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...given, updatedAt: sql<Date>`now()` }))
    .execute();
}
