import { sql, type Kysely } from 'kysely';

// Labels of EU MAR Art. 20 (Delegated Regulation 2016/958): each signal carries the time its
// production was completed (`completed_at`: when the analyst finished it, the publish request's time
// for a direct publish, the approval's time for a draft) beside its first release (`released_at`:
// when it was published; unlike `created_at`, which the desk may correct, it never changes).
// Signals published before these columns existed were released when their chain's `created` event
// was written, and are taken to have been completed then.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signals')
    .addColumn('released_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`
    update signals s
       set released_at = coalesce(
             (select min(e.at) from signal_events e where e.signal_id = s.id and e.type = 'created'),
             s.created_at)`.execute(db);
  await sql`update signals set completed_at = released_at`.execute(db);
  for (const column of ['released_at', 'completed_at'])
    await db.schema
      .alterTable('signals')
      .alterColumn(column, (c) => c.setNotNull())
      .alterColumn(column, (c) => c.setDefault(sql`now()`))
      .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').dropColumn('completed_at').dropColumn('released_at').execute();
}
