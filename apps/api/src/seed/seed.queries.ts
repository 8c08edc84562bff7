import type { Database, Db } from '@t0/db';
import { sql, type Insertable } from 'kysely';

/** Serialises concurrent first starts of several API processes on one database. */
const SEED_LOCK = 730_001;
const CONTENT_TABLES = ['signals', 'chartMemos', 'chartNotes', 'blogPosts', 'resources'] as const;

/** Whether no content of any kind exists yet: the only time demo content is added. */
export async function hasNoContent(db: Db): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/** Holds the seeding lock until the transaction ends (one first start seeds at a time). */
export async function lockSeeding(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
}

/** Inserts one demo signal; answers its id. */
export async function insertDemoSignal(db: Db, values: Insertable<Database['signals']>): Promise<number> {
  const row = await db.insertInto('signals').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a chart memo whose images are `imageUrls`. */
export async function insertDemoMemo(
  db: Db,
  values: Omit<Insertable<Database['chartMemos']>, 'memoImageUrls'>,
  imageUrls: string[],
): Promise<void> {
  await db
    .insertInto('chartMemos')
    .values({ ...values, memoImageUrls: sql<string[]>`array[${sql.join(imageUrls)}]::text[]` })
    .execute();
}

/** Inserts chart notes. */
export async function insertDemoNotes(db: Db, rows: Insertable<Database['chartNotes']>[]): Promise<void> {
  await db.insertInto('chartNotes').values(rows).execute();
}

/** Inserts blog posts. */
export async function insertDemoPosts(db: Db, rows: Insertable<Database['blogPosts']>[]): Promise<void> {
  await db.insertInto('blogPosts').values(rows).execute();
}

/** Inserts a resource. */
export async function insertDemoResource(db: Db, values: Insertable<Database['resources']>): Promise<void> {
  await db.insertInto('resources').values(values).execute();
}
