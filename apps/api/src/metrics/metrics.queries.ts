import type { Db } from '@t0/db';
import { sql } from 'kysely';

/** One job queue as the metrics show it. */
export interface JobQueueFigures {
  queue: string;
  /** Jobs due (created or to be retried, their start time passed) and not yet taken. */
  waiting: number;
  /** Jobs a worker holds. */
  active: number;
  /** How long the oldest waiting job has been due (0 when none). */
  oldestWaitingMs: number;
}

/**
 * Every queue of the job runner (its tables in `schema`), with its waiting and active jobs: one
 * statement, read at scrape time. Queues without jobs are answered too, with zeros.
 */
export async function jobQueueFigures(db: Db, schema: string): Promise<JobQueueFigures[]> {
  const { rows } = await sql<{ queue: string; waiting: number; active: number; oldest: number | null }>`
    select q.name as queue,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
           count(j.id) filter (where j.state = 'active')::int as active,
           (extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now())) * 1000)::float8 as oldest
      from ${sql.table(`${schema}.queue`)} q
      left join ${sql.table(`${schema}.job`)} j on j.name = q.name and j.state in ('created', 'retry', 'active')
     group by q.name
     order by q.name`.execute(db);
  return rows.map((r) => ({
    queue: r.queue,
    waiting: Number(r.waiting),
    active: Number(r.active),
    oldestWaitingMs: r.oldest === null ? 0 : Math.max(0, Number(r.oldest)),
  }));
}
