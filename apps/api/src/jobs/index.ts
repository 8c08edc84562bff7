import { isDatabaseUnavailable } from '@t0/db';
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

/**
 * Finished jobs move to the archive after this long. pg-boss refuses a throttling slot longer than
 * this, so a periodic job's slot is never longer (see `periodicSlotSeconds`).
 */
export const ARCHIVE_COMPLETED_AFTER_SECONDS = 60 * 60;

/** The queue where pg-boss puts a job of `name` whose last try failed (its dead-letter queue). */
const givenUpQueue = (name: string) => `${name}-given-up`;

/** What a given-up job failed with, as pg-boss kept it: the thrown error, or its expiry. */
function failureOf(output: unknown): Error {
  const o = (output ?? {}) as { message?: unknown; value?: { message?: unknown } };
  const message = typeof o.message === 'string' ? o.message : o.value?.message;
  return new Error(typeof message === 'string' ? message : 'the job failed');
}

/**
 * The singleton slot a periodic job is queued in: its interval, at most the archive interval (a
 * finished job leaves the job table then, and with it the slot's uniqueness). A job with a longer
 * interval (prune-records, 6 h) is still ticked once per interval by each process; across
 * several processes it runs at most once per hour.
 */
export function periodicSlotSeconds(everyMs: number): number {
  return Math.min(ARCHIVE_COMPLETED_AFTER_SECONDS, Math.max(1, Math.round(everyMs / 1000)));
}

/**
 * Makes pg-boss's schema, or brings it up to this version's, through `db` and stops: DDL under an
 * advisory lock that every process starting at once waits for. `createApp` runs it on a connection
 * of the product's role (which owns the schema) without the statement timeout, as the migrations run:
 * on a loaded database the DDL outlasts a request's timeout, and the start must not fail for that.
 * `startJobs` then finds the schema current.
 */
export async function prepareJobsSchema(db: Pick<JobDeps['db'], 'executeSql'>): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    migrate: true,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

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
    archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
    // Jobs held by a killed process are failed (and retried) at their expiry, found by this sweep
    // (one process per interval runs it; a cheap query).
    maintenanceIntervalSeconds: 10,
    deleteAfterDays: 1,
  });
  // A database outage has its own line (http/outage.ts); what the job runner meets meanwhile is a warning.
  boss.on('error', (err) =>
    isDatabaseUnavailable(err)
      ? deps.log.warn({ err }, 'job runner: database unavailable')
      : deps.log.error({ err }, 'job runner error'),
  );
  await boss.start();

  for (const def of definitions) {
    const o = def.options ?? {};
    // A job whose last try fails (its handler threw, or it outlived its expiry in a killed process)
    // is copied by pg-boss, in the same statement, to a queue of its own, whose worker runs
    // `onLastFailure` with the job's data and what it failed with.
    const givenUp = def.onLastFailure ? givenUpQueue(def.name) : undefined;
    if (givenUp) await boss.createQueue(givenUp, { name: givenUp });
    const queueOptions = {
      name: def.name,
      ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
      ...(o.retryDelaySeconds !== undefined ? { retryDelay: o.retryDelaySeconds } : {}),
      ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
      ...(o.expireInSeconds !== undefined ? { expireInSeconds: o.expireInSeconds } : {}),
      ...(givenUp ? { deadLetter: givenUp } : {}),
    };
    await boss.createQueue(def.name, queueOptions);
    // createQueue leaves a queue made by an earlier version as it was: its options (e.g. a shorter
    // expiry, so a killed process's jobs are taken up sooner) are brought up to this version's.
    await boss.updateQueue(def.name, queueOptions);
    const runOne = async (job: { id: string; data: unknown }) => {
      try {
        await def.handler(job.data, deps);
      } catch (err) {
        // A job cut short by a database outage is retried like any failed job; the outage has its
        // own line (http/outage.ts), so here it is a warning, not an error per job.
        if (isDatabaseUnavailable(err))
          deps.log.warn({ err, job: def.name, id: job.id }, 'job failed: database unavailable');
        else deps.log.error({ err, job: def.name, id: job.id }, 'job failed');
        throw err;
      }
    };
    if (givenUp && def.onLastFailure) {
      const onLastFailure = def.onLastFailure.bind(def);
      const givenUpWorker = await boss.work<unknown>(
        givenUp,
        { pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            // pg-boss copies the job's retry limit: it ran that many times and once more.
            await onLastFailure(job.data, failureOf(job.output), job.retryLimit + 1, deps);
          } catch (err) {
            deps.log.error({ err, job: givenUp, id: job.id }, 'job last-failure step failed');
            throw err;
          }
        },
      );
      queue.markQueue(givenUp, givenUpWorker);
    }
    const workerId = await boss.work<unknown>(
      def.name,
      { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 1, batchSize: o.batchSize ?? 1 },
      async (jobs) => {
        if (jobs.length > 1) {
          await Promise.all(jobs.map(runOne));
          return;
        }
        for (const job of jobs) await runOne(job);
      },
    );
    queue.markQueue(def.name, workerId);
  }
  queue.attach(boss);

  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  const stopBoss = () => boss.stop({ graceful: true, timeout: 5_000, wait: true, close: false });
  const periodic: Array<{ def: JobDefinition; every: number }> = [];
  for (const def of definitions) {
    const every = def.options?.everyMs?.(deps.config);
    if (every === undefined) continue;
    if (!Number.isFinite(every) || every <= 0) {
      await stopBoss().catch(() => undefined);
      throw new Error(
        `Periodic job ${def.name} could not be scheduled: its interval (${String(every)} ms) is not a positive number`,
      );
    }
    periodic.push({ def, every });
  }
  // One job per interval slot across every process on this database.
  const send = (def: JobDefinition, every: number) =>
    boss.send(def.name, {}, { singletonSeconds: periodicSlotSeconds(every), singletonKey: 'tick' });
  // The first tick of every periodic job is queued before the start completes: one that cannot be
  // queued fails the start, naming the job, instead of never running.
  for (const { def, every } of periodic) {
    try {
      await send(def, every);
    } catch (err) {
      queue.detach();
      await stopBoss().catch(() => undefined);
      throw new Error(
        `Periodic job ${def.name} could not be scheduled: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
  }
  for (const { def, every } of periodic) {
    const tick = () => {
      if (stopping) return;
      // A later tick that fails (the database down for a while) is retried at the next one.
      send(def, every).catch((err: unknown) => deps.log.warn({ err, job: def.name }, 'periodic job not queued'));
    };
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
      await stopBoss();
    },
  };
}
