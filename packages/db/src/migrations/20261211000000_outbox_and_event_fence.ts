import { sql, type Kysely } from 'kysely';

// Issue 24: nothing a committed change causes is lost, and streams never skip an event.
//
// outbox: the jobs a change causes (a signal's fan-out and e-mails, a broadcast's fan-out, each
// delivery's send), written in the same transaction as the change. A relay (`outbox-relay`, and
// at once after the writer's commit) claims rows with a short lease (`FOR UPDATE SKIP LOCKED`),
// queues their jobs and marks them relayed; a relay that dies leaves its lease to expire and the
// next one queues the jobs again (the jobs are idempotent).
//
// events.horizon: the visibility fence. A `bigserial` id is not a commit order: transaction A can
// take id 41, B id 42, and B commit first; a reader that sent 42 and moved on never sends 41.
// A trigger makes each insert take its transaction id first, then its event id, then records the
// horizon: the first transaction id not yet assigned at that moment (`pg_snapshot_xmax` of a
// snapshot taken after the id). Every transaction that took a smaller event id had its
// transaction id before, so below the horizon. A reader hands out an event only when its own
// snapshot's xmin (the oldest transaction still running) is at or past the event's horizon: by
// then every smaller event id is committed (and visible to that reader) or gone for good.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('job', 'varchar(60)', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('start_after', 'timestamptz')
    .addColumn('singleton_key', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('relays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('relayed_at', 'timestamptz')
    .execute();
  await sql`create index outbox_pending_idx on outbox (id) where relayed_at is null`.execute(db);
  await sql`create index outbox_relayed_idx on outbox (relayed_at) where relayed_at is not null`.execute(db);

  await sql`alter table events add column horizon xid8`.execute(db);
  await sql`alter table events alter column id drop default`.execute(db);
  await sql`
    create function t0_event_position() returns trigger language plpgsql as $$
    begin
      -- The transaction id first, then the event id, then the horizon from a fresh snapshot.
      perform pg_current_xact_id();
      new.id := nextval('events_id_seq');
      select pg_snapshot_xmax(pg_current_snapshot()) into new.horizon;
      return new;
    end $$`.execute(db);
  await sql`create trigger events_position before insert on events for each row execute function t0_event_position()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists events_position on events`.execute(db);
  await sql`drop function if exists t0_event_position()`.execute(db);
  await sql`alter table events alter column id set default nextval('events_id_seq')`.execute(db);
  await sql`alter table events drop column if exists horizon`.execute(db);
  await db.schema.dropTable('outbox').ifExists().execute();
}
