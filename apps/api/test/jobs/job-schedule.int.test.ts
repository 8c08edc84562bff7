import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@t0/db/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { jobDefinitions } from '../../src/jobs/registry';
import { startTestApp, testDbKinds, type TestApp } from '../harness';

const kinds = await testDbKinds();

const periodic = (config: TestApp['config']) =>
  jobDefinitions.filter((d) => d.options?.everyMs?.(config) !== undefined).map((d) => d.name);

describe.each(kinds)('periodic jobs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('a start schedules every periodic job, the six-hourly retention job among them', async () => {
    const names = periodic(t.config);
    expect(names).toContain('prune-records');
    const { rows } = await t.db.executeSql(
      `select name from pgboss.job where singleton_key = 'tick' union select name from pgboss.archive where singleton_key = 'tick'`,
    );
    const queued = new Set((rows as Array<{ name: string }>).map((r) => r.name));
    expect(names.filter((n) => !queued.has(n))).toEqual([]);
  });

  it('a periodic job that cannot be scheduled fails the start with its name', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 't0-jobs-'));
    const db = await createTestDb(kind, { migrate: false });
    try {
      // The database refuses to queue one periodic job (as pg-boss refused the 6 h slot before).
      const refusing = {
        ...db,
        executeSql(text: string, values?: unknown[]) {
          if (/INSERT INTO \S+\.job\s*\(/.test(text) && JSON.stringify(values ?? []).includes('"prune-records"')) {
            return Promise.reject(new Error('refused for the test'));
          }
          return db.executeSql(text, values);
        },
      };
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
        SEED_DEMO: 'false',
        PUBLIC_URL: 'http://t0.test',
        LOG_LEVEL: 'silent',
        PRICE_HISTORY: 'false',
      });
      await expect(createApp(config, { db: refusing, logger: false })).rejects.toThrow(
        /prune-records could not be scheduled/,
      );
    } finally {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
