import type { Db, OutboxRow } from '@t0/db';
import { sql } from 'kysely';

/** Writes outbox rows (jobs waiting to be queued); answers their ids in order. */
export function insertOutboxRows(
  db: Db,
  rows: readonly { job: string; data: string; startAfter: Date | null; singletonKey: string | null }[],
) {
  return db
    .insertInto('outbox')
    .values([...rows])
    .returning('id')
    .execute();
}

/**
 * Claims outbox rows not yet relayed and not held by another relay (`FOR UPDATE SKIP LOCKED`:
 * two relays never wait for, nor take, each other's rows), oldest first, with a lease of `leaseMs`;
 * `ids`: only among those rows.
 */
export async function claimOutboxRows(
  db: Db,
  ids: readonly number[] | undefined,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    update outbox set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), relays = relays + 1
    where id in (
      select id from outbox
      where relayed_at is null and (claimed_until is null or claimed_until < now())
        ${ids ? sql`and id in (${sql.join(ids)})` : sql``}
      order by id limit ${limit}
      for update skip locked)
    returning id, job, data, start_after as "startAfter", singleton_key as "singletonKey"`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

/** Gives back the claim on outbox rows (their lease cleared) so the next relay takes them. */
export function releaseOutboxRows(db: Db, ids: readonly number[]) {
  return db
    .updateTable('outbox')
    .set({ claimedUntil: null })
    .where('id', 'in', [...ids])
    .execute();
}

/** Marks outbox rows relayed (their jobs are queued) and clears their lease. */
export async function markOutboxRelayed(db: Db, ids: readonly number[]): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ relayedAt: sql<Date>`now()`, claimedUntil: null })
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes rows relayed more than `keepMs` ago; answers how many went. */
export async function pruneOutbox(db: Db, keepMs: number): Promise<number> {
  const res = await db
    .deleteFrom('outbox')
    .where('relayedAt', '<', sql<Date>`now() - make_interval(secs => ${keepMs / 1000})`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** What waits in the outbox: rows not yet relayed and the age of the oldest (ms), for the console. */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestAgeMs: number | null }> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*)::int`.as('pending'),
      sql<number | null>`(extract(epoch from now() - min(created_at)) * 1000)::float8`.as('age'),
    ])
    .where('relayedAt', 'is', null)
    .executeTakeFirst();
  return { pending: row?.pending ?? 0, oldestAgeMs: row?.age == null ? null : Math.round(Number(row.age)) };
}
