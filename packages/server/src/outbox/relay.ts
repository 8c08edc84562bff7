import type { Db, OutboxRow } from '@t0/db';
import { sql } from 'kysely';
import type { Logger } from '../core/context';
import type { Jobs, JobToSend } from '../ports';

export interface RelayDeps {
  db: Db;
  jobs: Pick<Jobs, 'send' | 'sendMany'>;
  log: Logger;
}

/** How long a relay holds the rows it claimed; past it another relay queues them again. */
export const OUTBOX_LEASE_MS = 30_000;
/** Rows a relay claims at once. */
const BATCH = 200;

/**
 * Claims outbox rows not yet relayed and not held by another relay (`FOR UPDATE SKIP LOCKED`:
 * two relays never wait for, nor take, each other's rows), oldest first, with a lease.
 */
async function claim(db: Db, ids: readonly number[] | undefined, limit: number): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    update outbox set claimed_until = now() + make_interval(secs => ${OUTBOX_LEASE_MS / 1000}), relays = relays + 1
    where id in (
      select id from outbox
      where relayed_at is null and (claimed_until is null or claimed_until < now())
        ${ids ? sql`and id in (${sql.join(ids)})` : sql``}
      order by id limit ${limit}
      for update skip locked)
    returning id, job, data, start_after as "startAfter", singleton_key as "singletonKey"`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

/**
 * Queues the jobs of outbox rows and marks them relayed: the rows `ids` (a writer's own, right
 * after its commit), or every row waiting (the periodic relay). A row is marked only after its job
 * was queued; a relay that dies in between leaves the lease to expire and the row is queued again,
 * so every job is queued at least once (the jobs are idempotent). A failure to queue is logged and
 * the row released for the next relay. Answers how many rows were relayed.
 */
export async function relayOutbox(deps: RelayDeps, ids?: readonly number[]): Promise<number> {
  if (ids && ids.length > BATCH) {
    let relayed = 0;
    for (let i = 0; i < ids.length; i += BATCH) relayed += await relayOutbox(deps, ids.slice(i, i + BATCH));
    return relayed;
  }
  if (ids && ids.length === 0) return 0;
  let relayed = 0;
  for (;;) {
    const rows = await claim(deps.db, ids, ids ? ids.length : BATCH);
    if (rows.length === 0) return relayed;
    const done: number[] = [];
    try {
      const jobs: JobToSend[] = rows.map((row) => ({
        name: row.job,
        data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as object,
        ...(row.startAfter ? { startAfter: new Date(row.startAfter) } : {}),
        ...(row.singletonKey ? { singletonKey: row.singletonKey } : {}),
      }));
      if (deps.jobs.sendMany) {
        // The whole claim in one statement: a backlog after a restart is queued in batches, not row by row.
        await deps.jobs.sendMany(jobs);
        done.push(...rows.map((r) => r.id));
      } else {
        for (const [i, job] of jobs.entries()) {
          await deps.jobs.send(job.name, job.data, {
            ...(job.startAfter ? { startAfter: job.startAfter } : {}),
            ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
          });
          done.push(rows[i]!.id);
        }
      }
    } catch (err) {
      const left = rows.filter((r) => !done.includes(r.id)).map((r) => r.id);
      deps.log.error({ err, outbox: left }, 'outbox jobs not queued yet; the relay tries again');
      await deps.db
        .updateTable('outbox')
        .set({ claimedUntil: null })
        .where('id', 'in', left)
        .execute()
        .catch(() => undefined);
      if (done.length) await markRelayed(deps.db, done);
      return relayed + done.length;
    }
    await markRelayed(deps.db, done);
    relayed += done.length;
    if (ids || rows.length < BATCH) return relayed;
  }
}

async function markRelayed(db: Db, ids: number[]): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ relayedAt: sql<Date>`now()`, claimedUntil: null })
    .where('id', 'in', ids)
    .execute();
}

/**
 * After a change committed: relays the jobs it wrote at once (the periodic relay is the safety
 * net, so a failure here is logged, never thrown: the change stands and its jobs wait in the outbox).
 */
export async function relayCommitted(deps: RelayDeps, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await relayOutbox(deps, ids);
  } catch (err) {
    deps.log.warn({ err, outbox: ids }, 'outbox not relayed at once; the periodic relay queues it');
  }
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
