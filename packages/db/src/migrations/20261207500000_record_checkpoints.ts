import { sql, type Kysely } from 'kysely';

// Signed checkpoints of the signal event chain: the chain's head (id, hash, count) at a
// moment, signed with the record's Ed25519 key. A rewrite that recomputes every hash still
// contradicts a checkpoint signed before it, here and in every copy published outside.
//
// Append-only by privilege too: `signal_events` refuses TRUNCATE like UPDATE and DELETE (audit_log
// already does). Where the product's role `t0_app` exists (the two-role set-up,
// docs/database-roles.sql), it keeps only SELECT and INSERT on both logs.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_checkpoints')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('head_id', 'bigint', (c) => c.notNull())
    .addColumn('head_hash', 'text', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('record_checkpoints_created_at').on('record_checkpoints').column('created_at').execute();

  await sql`
    create trigger signal_events_no_truncate before truncate on signal_events
    for each statement execute function t0_signal_events_append_only()`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_roles where rolname = 't0_app') then
        revoke update, delete, truncate on signal_events, audit_log from t0_app;
        grant select, insert on signal_events, audit_log, record_checkpoints to t0_app;
      end if;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists signal_events_no_truncate on signal_events`.execute(db);
  await db.schema.dropTable('record_checkpoints').ifExists().execute();
}
