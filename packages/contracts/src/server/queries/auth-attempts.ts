import type { Database } from '@t0/db';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

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
  await db.insertInto('authAttempts').values(keys.map((key) => ({ key }))).execute();
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

/** Forgets attempts that have left the window; answers how many. */
export async function pruneAuthAttempts(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('authAttempts')
    .where('at', '<=', sql<Date>`now() - make_interval(secs => ${AUTH_ATTEMPT_WINDOW_SECONDS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
