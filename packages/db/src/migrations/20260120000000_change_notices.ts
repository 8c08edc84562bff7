import { sql, type Kysely } from 'kysely';

// The API processes keep what every client polls (sessions with their users, the signal list,
// unread counts) in memory. These triggers tell every process, through NOTIFY on `t0_changes`,
// when the rows behind them change, whoever changed them (a handler, a job, a script, psql):
//   u:<user id>   a user row changed or went          s:<session id>  a session row changed or went
//   signals       the signals table changed           un:<user id>    that user's notifications changed
//   *             many users or sessions changed      un:*            many users' notifications changed
// Statement-level triggers with transition tables: one call per statement, not per row, and one
// wide notice instead of many when a statement touches many rows.

/** Above this many rows (or users) in one statement, one wide notice replaces the per-row ones. */
const MANY = 50;

const auth = [
  ['users', 'id', 'u:', '*'],
  ['sessions', 'sid', 's:', '*'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, key, prefix, wide] of auth) {
    await sql`
      create function ${sql.raw(`t0_notify_${table}_changes`)}() returns trigger language plpgsql as $$
      begin
        if (select count(*) from changed_rows) > ${sql.lit(MANY)} then
          perform pg_notify('t0_changes', ${sql.lit(wide)});
        else
          perform pg_notify('t0_changes', ${sql.lit(prefix)} || ${sql.raw(key)}) from changed_rows;
        end if;
        return null;
      end $$`.execute(db);
    for (const op of ['update', 'delete'] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_${op}_notice`)} after ${sql.raw(op)} on ${sql.table(table)}
        referencing old table as changed_rows for each statement execute function ${sql.raw(`t0_notify_${table}_changes`)}()`.execute(
        db,
      );
    }
  }

  await sql`
    create function t0_notify_signals_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify('t0_changes', 'signals');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger signals_notice after insert or update or delete or truncate on signals
    for each statement execute function t0_notify_signals_changes()`.execute(db);

  // One function for the three operations: each trigger names its own transition table.
  await sql`
    create function t0_notify_user_notifications_changes() returns trigger language plpgsql as $$
    declare users_touched int;
    begin
      if tg_op = 'INSERT' then
        select count(distinct user_id) into users_touched from new_rows;
        if users_touched > ${sql.lit(MANY)} then
          perform pg_notify('t0_changes', 'un:*');
        else
          perform pg_notify('t0_changes', 'un:' || user_id) from (select distinct user_id from new_rows) t;
        end if;
      else
        select count(distinct user_id) into users_touched from old_rows;
        if users_touched > ${sql.lit(MANY)} then
          perform pg_notify('t0_changes', 'un:*');
        else
          perform pg_notify('t0_changes', 'un:' || user_id) from (select distinct user_id from old_rows) t;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger user_notifications_insert_notice after insert on user_notifications
    referencing new table as new_rows for each statement execute function t0_notify_user_notifications_changes()`.execute(
    db,
  );
  for (const op of ['update', 'delete'] as const) {
    await sql`
      create trigger ${sql.raw(`user_notifications_${op}_notice`)} after ${sql.raw(op)} on user_notifications
      referencing old table as old_rows for each statement execute function t0_notify_user_notifications_changes()`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of auth) {
    for (const op of ['update', 'delete'])
      await sql`drop trigger if exists ${sql.raw(`${table}_${op}_notice`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(`t0_notify_${table}_changes`)}()`.execute(db);
  }
  await sql`drop trigger if exists signals_notice on signals`.execute(db);
  await sql`drop function if exists t0_notify_signals_changes()`.execute(db);
  for (const op of ['insert', 'update', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`user_notifications_${op}_notice`)} on user_notifications`.execute(db);
  await sql`drop function if exists t0_notify_user_notifications_changes()`.execute(db);
}
