import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@t0/db';
import { createTestDb } from '@t0/db/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { jobDefinitions } from '../../src/jobs/registry';
import { startTestApp, testDbKinds, type TestApp } from '../harness';

const kinds = await testDbKinds();
const ROLE_SQL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/db/sql/app-role.sql');

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

describe.skipIf(!kinds.includes('pg'))('pg-boss schema at start on PostgreSQL', () => {
  it('a start waits for the job schema longer than a statement may take, and its role owns it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 't0-jobs-'));
    const db = await createTestDb('pg');
    // One connection (a pool of one): the lock below is held in its transaction.
    const other = await createDb({ databaseUrl: db.url!, poolSize: 1, statementTimeoutMs: 0 });
    try {
      const before = await db.executeSql(`select to_regclass('pgboss.version') as t`);
      expect(before.rows).toEqual([{ t: null }]);
      // The two-role set-up: the owner (here the superuser) migrates, the product runs as t0_app.
      await db.executeSql(readFileSync(ROLE_SQL, 'utf8'));
      const appUrl = new URL(db.url!);
      appUrl.username = 't0_app';
      // Another process is making the schema: it holds pg-boss's lock for 2 s, longer than this
      // start's statement timeout (500 ms), as a loaded database once held the DDL itself.
      await other.executeSql('begin');
      await other.executeSql(
        `select pg_advisory_xact_lock(('x' || encode(sha224((current_database() || '.pgboss.pgboss')::bytea), 'hex'))::bit(64)::bigint)`,
      );
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: appUrl.toString(),
        MIGRATION_DATABASE_URL: db.url,
        DB_STATEMENT_TIMEOUT_MS: '500',
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
        SEED_DEMO: 'false',
        PUBLIC_URL: 'http://t0.test',
        LOG_LEVEL: 'silent',
        PRICE_HISTORY: 'false',
      });
      const started = Date.now();
      const starting = createApp(config, { logger: false });
      const released = new Promise((resolve) => setTimeout(resolve, 2_000)).then(() => other.executeSql('commit'));
      const app = await starting;
      await released;
      try {
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
        const after = await db.executeSql(`select count(*)::int as n from pgboss.version`);
        expect(after.rows).toEqual([{ n: 1 }]);
        const owner = await db.executeSql(
          `select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'pgboss'`,
        );
        expect(owner.rows).toEqual([{ owner: 't0_app' }]);
        const res = await app.server.inject({ method: 'GET', url: '/api/ready' });
        expect(res.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await other.close().catch(() => undefined);
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
