import { createDb, type DbHandle } from '@t0/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobs } from '../../src/adapters/jobs';
import { loadConfig } from '../../src/config';
import { startJobs, type RunningJobs } from '../../src/jobs';
import { until } from '../harness';
import { OwnPostgres, postgresBin } from '../own-postgres';

// A job that ends while the database is gone: its bookkeeping fails, and that failure must be
// reported by the job runner, not become an unhandled rejection that would stop the process. A job
// whose own query meets the outage is a warning too (the outage has its own line), not an error.
const bin = postgresBin();

describe.skipIf(!bin)('a job that finishes while the database is down', () => {
  let pg: OwnPostgres;
  let db: DbHandle;
  let jobs: RunningJobs | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    pg = await OwnPostgres.create(bin!);
    db = await createDb({
      databaseUrl: pg.url,
      statementTimeoutMs: 2_000,
      connectTimeoutMs: 1_000,
      onPoolError: () => undefined,
    });
    process.on('unhandledRejection', onUnhandled);
  }, 40_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await jobs?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    pg?.destroy();
  });

  it('reports the failed completion through the runner and keeps the process up', async () => {
    let entered = false;
    let queried = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const queue = createJobs();
    jobs = await startJobs({
      config: loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: pg.url,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
      }),
      db,
      ports: {} as never,
      log: log as never,
      queue,
      sessions: { prune: async () => 0 },
      definitions: [
        {
          name: 'slow-job',
          options: { pollingIntervalSeconds: 0.5 },
          handler: async () => {
            entered = true;
            await gate;
          },
        },
        {
          name: 'query-job',
          options: { pollingIntervalSeconds: 0.5 },
          handler: async () => {
            queried = true;
            await gate;
            await db.executeSql('select 1', []);
          },
        },
      ],
    });
    await queue.send('slow-job', {});
    await queue.send('query-job', {});
    await until(() => entered && queried, Boolean, 10_000);

    pg.stop();
    release();

    // Reported as what it is, a database outage (a warning: the outage has its own line).
    await until(() => log.warn.mock.calls.some((c) => c[1] === 'job runner: database unavailable'), Boolean, 10_000);
    expect(log.error.mock.calls.filter((c) => c[1] === 'job runner error')).toEqual([]);
    // The job whose query met the outage: a warning naming the job, never 'job failed' as an error.
    await until(() => log.warn.mock.calls.find((c) => c[1] === 'job failed: database unavailable'), Boolean, 10_000);
    expect(log.warn.mock.calls.find((c) => c[1] === 'job failed: database unavailable')?.[0]).toMatchObject({
      job: 'query-job',
    });
    expect(log.error.mock.calls.filter((c) => c[1] === 'job failed')).toEqual([]);
    // Give any stray rejection a chance to surface before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(unhandled).toEqual([]);

    pg.start();
  }, 60_000);
});
