import { sql, type Kysely } from 'kysely';

// Every change a signed-in user may see is one row here, written in the same transaction as the
// change itself. A row trigger sends `e:<id>` on the existing `t0_changes` channel at commit, so
// each API process reads the row once and fans it out to its own open streams; a stream that
// reconnects replays what it missed from this table (kept for a day, pruned by a job).
//   audience: 'all' (every signed-in user), 'subscribers' (subscribers and administrators),
//             'admins', or 'user:<id>' (one account).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('audience', 'varchar(50)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_created_at_idx').on('events').column('created_at').execute();
  await sql`
    create function t0_notify_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('t0_changes', 'e:' || new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger events_insert_notice after insert on events for each row execute function t0_notify_event()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists events_insert_notice on events`.execute(db);
  await sql`drop function if exists t0_notify_event()`.execute(db);
  await db.schema.dropTable('events').ifExists().execute();
}
