import PgBoss from 'pg-boss';
import type { JobQueue } from '../adapters/jobs';
import { jobDefinitions } from './registry';
import type { JobDefinition, JobDeps } from './types';

export type { JobDefinition, JobDeps } from './types';

export interface RunningJobs {
  stop(): Promise<void>;
}

/** pg-boss keeps its tables in this schema of the product's database. */
export const JOBS_SCHEMA = 'pgboss';

export interface StartJobsOptions extends JobDeps {
  /** The Jobs port to hand the started runner to. */
  queue: JobQueue;
  definitions?: JobDefinition[];
}

/**
 * Starts pg-boss on the product's own database (PostgreSQL or PGlite, through the same
 * `executeSql`), creates a queue and a worker per job definition and the periodic tickers.
 * Jobs live in the database, so what was queued survives a restart.
 */
export async function startJobs(opts: StartJobsOptions): Promise<RunningJobs> {
  const { queue, definitions = jobDefinitions, ...deps } = opts;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => deps.db.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // Periodic work uses tickers below (cron has minute granularity); no clock monitor needed.
    schedule: false,
    supervise: true,
    migrate: true,
    // Periodic jobs add a row every few seconds: keep finished ones for a day, not a week.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job runner error'));
  await boss.start();

  for (const def of definitions) {
    const o = def.options ?? {};
    await boss.createQueue(def.name, {
      name: def.name,
      ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
      ...(o.retryDelaySeconds !== undefined ? { retryDelay: o.retryDelaySeconds } : {}),
      ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
      ...(o.expireInSeconds !== undefined ? { expireInSeconds: o.expireInSeconds } : {}),
    });
    const runOne = async (job: { id: string; data: unknown }) => {
      try {
        await def.handler(job.data, deps);
      } catch (err) {
        deps.log.error({ err, job: def.name, id: job.id }, 'job failed');
        throw err;
      }
    };
    const workerId = await boss.work<unknown>(def.name, { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 1, batchSize: o.batchSize ?? 1 }, async (jobs) => {
      if (jobs.length > 1) {
        await Promise.all(jobs.map(runOne));
        return;
      }
      for (const job of jobs) await runOne(job);
    });
    queue.markQueue(def.name, workerId);
  }
  queue.attach(boss);

  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  for (const def of definitions) {
    const every = def.options?.everyMs?.(deps.config);
    if (!every) continue;
    const tick = () => {
      if (stopping) return;
      // One job per interval slot across every process on this database.
      const singletonSeconds = Math.max(1, Math.round(every / 1000));
      boss
        .send(def.name, {}, { singletonSeconds, singletonKey: 'tick' })
        .catch((err: unknown) => deps.log.warn({ err, job: def.name }, 'periodic job not queued'));
    };
    tick();
    const timer = setInterval(tick, every);
    timer.unref();
    timers.push(timer);
  }

  return {
    async stop() {
      stopping = true;
      for (const t of timers) clearInterval(t);
      queue.detach();
      // Within the 10 s a shutdown has (main.ts).
      await boss.stop({ graceful: true, timeout: 5_000, wait: true, close: false });
    },
  };
}
