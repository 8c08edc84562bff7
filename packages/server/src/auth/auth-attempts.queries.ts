import type { Db } from '@t0/db';
import { sql, type RawBuilder } from 'kysely';

/** The sliding window of the sign-in limits. */
export const AUTH_ATTEMPT_WINDOW_SECONDS = 60;

export interface AttemptCount {
  key: string;
  /** Attempts under this key in the window, this one included. */
  count: number;
}

/**
 * Records one attempt under each key, then counts each key's attempts in the window (the
 * database's clock, so every process counts alike). The insert is committed before the count, so
 * of two concurrent attempts at least one sees the other: a budget is never overrun.
 */
export async function recordAuthAttempt(db: Db, keys: string[]): Promise<AttemptCount[]> {
  await db
    .insertInto('authAttempts')
    .values(keys.map((key) => ({ key })))
    .execute();
  const rows = await db
    .selectFrom('authAttempts')
    .select(['key', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('key', 'in', keys)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${AUTH_ATTEMPT_WINDOW_SECONDS})`)
    .groupBy('key')
    .execute();
  return keys.map((key) => ({ key, count: Number(rows.find((r) => r.key === key)?.count ?? 1) }));
}

/**
 * Seconds until an attempt under `key` fits in a budget of `limit` again (when the attempts that
 * put it over have left the window), at least 1.
 */
export async function secondsUntilAllowed(db: Db, key: string, count: number, limit: number): Promise<number> {
  const row = await sql<{ wait: number | string | null }>`
    select ceil(extract(epoch from (at + make_interval(secs => ${AUTH_ATTEMPT_WINDOW_SECONDS}) - now()))) as wait
    from auth_attempts
    where key = ${key} and at > now() - make_interval(secs => ${AUTH_ATTEMPT_WINDOW_SECONDS})
    order by at
    offset ${Math.max(0, count - limit)} limit 1`.execute(db);
  const wait = Number(row.rows[0]?.wait ?? AUTH_ATTEMPT_WINDOW_SECONDS);
  return Math.min(AUTH_ATTEMPT_WINDOW_SECONDS, Math.max(1, Number.isFinite(wait) ? wait : AUTH_ATTEMPT_WINDOW_SECONDS));
}

/** The longest quiet spell an account's failed passwords are remembered across (the setting's maximum). */
export const ACCOUNT_FAILURES_KEPT_SECONDS = 7 * 24 * 3600;

/**
 * Forgets attempts that have left the window, and accounts' failed passwords after a week without
 * one (and no delay running); answers how many attempts.
 */
export async function pruneAuthAttempts(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('authAttempts')
    .where('at', '<=', sql<Date>`now() - make_interval(secs => ${AUTH_ATTEMPT_WINDOW_SECONDS})`)
    .executeTakeFirst();
  await pruneAccountFailures(db, ACCOUNT_FAILURES_KEPT_SECONDS);
  return Number(result.numDeletedRows);
}

/** The per-account budget across addresses (see AccountBudget in auth-limit.ts). */
export interface AccountFailureRules {
  failures: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/** Whole seconds (at least 1) until sign-ins of the account under `key` are taken again; 0 when they are. */
export async function accountLockedFor(db: Db, key: string): Promise<number> {
  const row = await sql<{ wait: number | string | null }>`
    select ceil(extract(epoch from (locked_until - now()))) as wait
    from auth_account_failures
    where key = ${key} and locked_until > now()`.execute(db);
  const wait = Number(row.rows[0]?.wait ?? 0);
  return Number.isFinite(wait) && wait > 0 ? Math.max(1, wait) : 0;
}

/**
 * Counts a password check of the account under `key` as a failure before it is made (a correct
 * password then clears the count), so that checks running side by side cannot overrun the budget:
 * the count starts again after a quiet spell of `windowSeconds`; from the `failures`-th on, the
 * account is refused for `baseDelaySeconds` doubled with each further failure, at most
 * `maxDelaySeconds`. While a delay runs the check is not counted and null is answered (refuse
 * it), unless `evenIfDelayed` (an address the account signed in from before). One statement on
 * the database's clock, so every process counts alike. Answers the new count.
 */
export async function reserveAccountAttempt(
  db: Db,
  key: string,
  rules: AccountFailureRules,
  evenIfDelayed = false,
): Promise<number | null> {
  const window = sql`make_interval(secs => ${rules.windowSeconds}::int)`;
  const count = sql<number>`(case when f.last_failure_at <= now() - ${window} then 1 else f.failures + 1 end)`;
  const delayAfter = (n: RawBuilder<number>) =>
    sql`now() + make_interval(secs => least(${rules.maxDelaySeconds}::float8, ${rules.baseDelaySeconds}::float8 * power(2::float8, least(${n} - ${rules.failures}::int, 40))))`;
  const row = await sql<{ failures: number }>`
    insert into auth_account_failures as f (key, failures, last_failure_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${rules.failures}::int then ${delayAfter(sql<number>`1`)} else null end)
    on conflict (key) do update set
      failures = ${count},
      last_failure_at = now(),
      locked_until = case when ${count} >= ${rules.failures}::int then ${delayAfter(count)} else null end
    where ${sql.lit(evenIfDelayed)} or f.locked_until is null or f.locked_until <= now()
    returning failures`.execute(db);
  const failures = row.rows[0]?.failures;
  return failures === undefined ? null : Number(failures);
}

/** A correct password: the account's failures are forgotten. */
export async function clearAccountFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('authAccountFailures').where('key', '=', key).execute();
}

/** True when the user signed in successfully from this exact address before (their recent sign-ins). */
export async function signedInFrom(db: Db, userId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('userLogins')
    .select('id')
    .where('userId', '=', userId)
    .where('address', '=', address.slice(0, 45))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Forgets account failures whose last one is older than `windowSeconds` and whose delay is over. */
export async function pruneAccountFailures(db: Db, windowSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('authAccountFailures')
    .where('lastFailureAt', '<=', sql<Date>`now() - make_interval(secs => ${windowSeconds}::int)`)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
