import type { Db } from '@t0/db';
import type { Logger } from '../core/context';
import type { Jobs, JobToSend } from '../ports';
import { claimOutboxRows, markOutboxRelayed, releaseOutboxRows } from './outbox.queries';

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
    const rows = await claimOutboxRows(deps.db, ids, ids ? ids.length : BATCH, OUTBOX_LEASE_MS);
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
      await releaseOutboxRows(deps.db, left).catch(() => undefined);
      if (done.length) await markOutboxRelayed(deps.db, done);
      return relayed + done.length;
    }
    await markOutboxRelayed(deps.db, done);
    relayed += done.length;
    if (ids || rows.length < BATCH) return relayed;
  }
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
