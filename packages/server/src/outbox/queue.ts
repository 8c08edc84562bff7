import type { Db } from '@t0/db';
import { insertOutboxRows } from './outbox.queries';

/** A job a change causes, as the outbox keeps it until a relay has queued it. */
export interface OutboxJob {
  name: string;
  data: object;
  startAfter?: Date;
  singletonKey?: string;
}

/**
 * Writes the jobs a change causes into the outbox. Call it with the transaction that makes the
 * change: the jobs exist exactly when the change does, whatever happens after the commit. After
 * the commit, hand the answered ids to `relayOutbox` (the periodic relay queues them otherwise).
 */
export async function enqueueJobs(trx: Db, jobs: readonly OutboxJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const rows = await insertOutboxRows(
    trx,
    jobs.map((j) => ({
      job: j.name,
      data: JSON.stringify(j.data),
      startAfter: j.startAfter ?? null,
      singletonKey: j.singletonKey ?? null,
    })),
  );
  return rows.map((r) => Number(r.id));
}
