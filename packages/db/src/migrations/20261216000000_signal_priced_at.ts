import { type Kysely } from 'kysely';

// signals.priced_at: the feed's time of the price in current_price. Two price refreshes can overlap
// (a slow one and the next, in this process or another); the slower one's older snapshot no longer
// writes over a newer price or moves a signal on after a newer tick judged it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').addColumn('priced_at', 'timestamptz').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').dropColumn('priced_at').execute();
}
