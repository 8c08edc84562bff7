import { sql, type Kysely, type RawBuilder } from 'kysely';

// t0_events_fence() answered null when no writer was in flight, and a reader then read with no
// upper bound: a writer that took an id just after the fence was read, and was still running when
// a later writer committed a higher id, was skipped for good (the reader handed out the higher id
// and moved past the lower one). The fence now answers, when no writer is in flight, one past the
// highest id handed out when it was read: every id up to that one had been taken before the fence
// was read (under the same position lock), so its transaction had ended. It answers null no more.

/** The advisory lock key of the event position trigger (20261215000000_outbox_and_event_fence). */
const EVENTS_POSITION_LOCK = 7_240_011;
/** The class of the per-event advisory locks a writer holds until its transaction ends (same migration). */
const EVENTS_IN_FLIGHT_CLASS = 7_240_012;

/** The fence function; `whenNoneInFlight` is what it answers when no writer holds an id. */
const fenceFunction = (whenNoneInFlight: RawBuilder<unknown>) => sql`
  create or replace function t0_events_fence() returns bigint language plpgsql as $$
  declare
    low bigint;
    top bigint;
    called boolean;
  begin
    perform pg_advisory_lock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
    begin
    select min(objid::bigint + case when objid::bigint < 2147483648 then 2147483648 else -2147483648 end)
      into low
      from pg_locks
      where locktype = 'advisory' and classid = ${sql.lit(EVENTS_IN_FLIGHT_CLASS)} and objsubid = 2 and granted
        and database = (select oid from pg_database where datname = current_database());
    select last_value, is_called into top, called from events_id_seq;
    exception when others then
      -- A session lock left on a pooled connection would stop every writer: release it first.
      perform pg_advisory_unlock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
      raise;
    end;
    perform pg_advisory_unlock_shared(${sql.lit(EVENTS_POSITION_LOCK)});
    -- A sequence never used has handed out nothing: its last_value is the first id to come.
    if not called then top := top - 1; end if;
    if low is null then ${whenNoneInFlight}; end if;
    -- The lock keeps the id's low 32 bits: put it back in the sequence's current 2^32 window.
    low := low + (top / 4294967296) * 4294967296;
    if low > top then low := low - 4294967296; end if;
    return low;
  end $$`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await fenceFunction(sql`return top + 1`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await fenceFunction(sql`return null`).execute(db);
}
