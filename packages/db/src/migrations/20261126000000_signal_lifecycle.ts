import { sql, type Kysely } from 'kysely';

// The signal lifecycle. `signal_events` is the append-only record of every signal's life
// (created, edited, activated, t0_hit, stop_moved, closed, cancelled, withdrawn, deleted): each row
// carries a SHA-256 hash over the previous row's hash and its own canonical content, so a row changed
// or removed outside the product is detectable; a trigger refuses updates and deletes. No foreign key
// to `signals`: a signal deleted within its grace period keeps its events (and the chain stays whole).
// The new `signals` columns are the watcher's working state and a copy of the outcome for the polled
// list, written in the same transaction as the events the record is computed from.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'numeric(10, 5)')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor', 'varchar(30)', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('prev_hash', 'char(64)', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('signal_events_signal_idx').on('signal_events').columns(['signal_id', 'id']).execute();
  await sql`
    create function t0_signal_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'signal_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger signal_events_append_only before update or delete on signal_events
    for each row execute function t0_signal_events_append_only()`.execute(db);

  await db.schema
    .alterTable('signals')
    .addColumn('stop_to_entry', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('risk_price', 'numeric(10, 5)')
    .addColumn('fill_price', 'numeric(10, 5)')
    .addColumn('best_price', 'numeric(10, 5)')
    .addColumn('worst_price', 'numeric(10, 5)')
    .addColumn('exit_price', 'numeric(10, 5)')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('close_reason', 'varchar(20)')
    .execute();

  // Lifecycle e-mails (activated, T0 hit, stop moved, closed) are recorded per event: 0 is the
  // publication e-mail, as before.
  await db.schema
    .alterTable('signal_emails')
    .addColumn('event_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('signal_emails_signal_user_uq').execute();
  await db.schema
    .createIndex('signal_emails_signal_user_event_uq')
    .on('signal_emails')
    .columns(['signal_id', 'user_id', 'event_id'])
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('signal_emails_signal_user_event_uq').execute();
  await db.deleteFrom('signal_emails').where('event_id', '<>', 0).execute();
  await db.schema
    .createIndex('signal_emails_signal_user_uq')
    .on('signal_emails')
    .columns(['signal_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.alterTable('signal_emails').dropColumn('event_id').execute();
  await db.schema
    .alterTable('signals')
    .dropColumn('close_reason')
    .dropColumn('closed_at')
    .dropColumn('exit_price')
    .dropColumn('worst_price')
    .dropColumn('best_price')
    .dropColumn('fill_price')
    .dropColumn('risk_price')
    .dropColumn('is_demo')
    .dropColumn('stop_to_entry')
    .execute();
  await sql`drop trigger if exists signal_events_append_only on signal_events`.execute(db);
  await sql`drop function if exists t0_signal_events_append_only()`.execute(db);
  await db.schema.dropTable('signal_events').ifExists().execute();
}
