import { sql, type Kysely } from 'kysely';

// The outbox and the event fence: nothing a committed change causes is lost, and streams never skip an event.
//
// outbox: the jobs a change causes (a signal's fan-out and e-mails, a broadcast's fan-out, each
// delivery's send), written in the same transaction as the change. A relay (`outbox-relay`, and
// at once after the writer's commit) claims rows with a short lease (`FOR UPDATE SKIP LOCKED`),
// queues their jobs and marks them relayed; a relay that dies leaves its lease to expire and the
// next one queues the jobs again (the jobs are idempotent).
//
// The visibility fence. A `bigserial` id is not a commit order: transaction A can take id 41, B id
// 42, and B commit first; a reader that sent 42 and moved on never sends 41. A trigger gives each
// event its id one writer at a time (a session advisory lock held for those few instructions only,
// not until commit) and, with it, a transaction-scoped advisory lock named after the id, held until
// the writer commits or rolls back. `t0_events_fence()` answers the lowest id so held (under the
// same short lock, shared): a reader that then reads, in a new statement, only ids below it never
// skips one (see listEventsAfter in @t0/contracts). Only transactions that write events hold it back.
// events.horizon (the highest writer transaction id when the id was taken) is recorded by the same
// trigger; readers no longer use it (a fence on pg_snapshot_xmin waited for every transaction on the
// server, this machine's other databases included).

/** The advisory lock key of the event position trigger (held for a few instructions per event). */
const EVENTS_POSITION_LOCK = 7_240_011;
/** The class (first key) of the per-event advisory locks a writer holds until its transaction ends. */
const EVENTS_IN_FLIGHT_CLASS = 7_240_012;

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
  await sql`create sequence events_horizon_seq as bigint minvalue 0 start 0`.execute(db);
  await sql`
    create function t0_event_position() returns trigger language plpgsql as $$
    declare
      own bigint;
      h bigint;
    begin
      perform pg_advisory_lock(${sql.lit(EVENTS_POSITION_LOCK)});
      begin
        own := pg_current_xact_id()::text::bigint;
        select greatest(own, last_value) into h from events_horizon_seq;
        perform setval('events_horizon_seq', h);
        new.id := nextval('events_id_seq');
        -- In flight until this transaction ends: readers hand out only ids below the lowest one
        -- held (t0_events_fence). Two-key form, its own class, so no other advisory lock collides.
        perform pg_advisory_xact_lock_shared(${sql.lit(EVENTS_IN_FLIGHT_CLASS)}, (new.id % 4294967296 - 2147483648)::int);
      exception when others then
        perform pg_advisory_unlock(${sql.lit(EVENTS_POSITION_LOCK)});
        raise;
      end;
      perform pg_advisory_unlock(${sql.lit(EVENTS_POSITION_LOCK)});
      new.horizon := h::text::xid8;
      return new;
    end $$`.execute(db);
  await sql`create trigger events_position before insert on events for each row execute function t0_event_position()`.execute(
    db,
  );
  // The lowest event id still being written (its transaction not ended), or null. Taken under the
  // position lock (shared), so no writer is between taking an id and holding its lock meanwhile.
  await sql`
    create function t0_events_fence() returns bigint language plpgsql as $$
    declare
      low bigint;
      top bigint;
    begin
      perform pg_advisory_lock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
      begin
      select min(objid::bigint + case when objid::bigint < 2147483648 then 2147483648 else -2147483648 end)
        into low
        from pg_locks
        where locktype = 'advisory' and classid = ${sql.lit(EVENTS_IN_FLIGHT_CLASS)} and objsubid = 2 and granted
          and database = (select oid from pg_database where datname = current_database());
      select last_value into top from events_id_seq;
      exception when others then
        -- A session lock left on a pooled connection would stop every writer: release it first.
        perform pg_advisory_unlock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
        raise;
      end;
      perform pg_advisory_unlock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
      if low is null then return null; end if;
      -- The lock keeps the id's low 32 bits: put it back in the sequence's current 2^32 window.
      low := low + (top / 4294967296) * 4294967296;
      if low > top then low := low - 4294967296; end if;
      return low;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists t0_events_fence()`.execute(db);
  await sql`drop trigger if exists events_position on events`.execute(db);
  await sql`drop function if exists t0_event_position()`.execute(db);
  await sql`alter table events alter column id set default nextval('events_id_seq')`.execute(db);
  await sql`alter table events drop column if exists horizon`.execute(db);
  await sql`drop sequence if exists events_horizon_seq`.execute(db);
  await db.schema.dropTable('outbox').ifExists().execute();
}
