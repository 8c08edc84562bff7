import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { createDb, type DbHandle, type DbKind } from './create-db';
import { embeddedOptions } from './embedded-memory';
import { migrateToLatest } from './migrate';

export { migrateTo } from './migrate';
import type { Database } from './types';

/** Admin connection used to create throw-away databases for tests. */
export const TEST_PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let pgReachable: Promise<boolean> | undefined;

/** Whether the test PostgreSQL server answers (CI makes sure it does). */
export function isTestPgReachable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return pgReachable;
}

/*
 * Which databases a test file runs on (the two-database matrix):
 *  - `testDbKinds()`: PGlite AND PostgreSQL, for files whose outcome can differ between them:
 *    queries and SQL, transactions and locking, migrations and the schema, LISTEN/NOTIFY change
 *    events, the job runner (pg-boss on both), concurrency, outages, data kept across restarts.
 *    When in doubt, a file uses this.
 *  - `oneTestDbKind()`: one database, for files that test the HTTP surface (validation, status
 *    codes, permissions, headers, rendering of answers) over queries that the files above already
 *    run on both. It is PostgreSQL when reachable (a database cloned from a migrated template is
 *    ready sooner than an embedded one), else PGlite.
 * TEST_DB=pglite or TEST_DB=pg narrows every file to that database.
 */

/** The database kinds the integration tests run on: PGlite always, PostgreSQL when reachable. */
export async function testDbKinds(): Promise<DbKind[]> {
  if (process.env.TEST_DB === 'pglite') return ['pglite'];
  if (process.env.TEST_DB === 'pg') return ['pg'];
  const reachable = await isTestPgReachable();
  if (!reachable && process.env.CI) throw new Error('PostgreSQL is not reachable in CI');
  return reachable ? ['pglite', 'pg'] : ['pglite'];
}

/** One database kind, for files whose behaviour does not depend on the database (see above). */
export async function oneTestDbKind(): Promise<DbKind[]> {
  const kinds = await testDbKinds();
  return kinds.includes('pg') ? ['pg'] : kinds;
}

export interface TestDb extends DbHandle {
  /** Connection string of the throw-away PostgreSQL database (pg kind only). */
  url?: string;
  drop(): Promise<void>;
}

/*
 * Shared set-up of a test run (`prepareTestDatabases`, a vitest globalSetup): a new database costs
 * an initdb on PGlite (seconds of WebAssembly) and the whole migration chain on both. The run makes
 * them once: PGlite copies of an empty and of a migrated database (tarballs of their files), and a
 * migrated PostgreSQL template database. The test processes find them through these variables;
 * without them (a script, a run without the set-up) every database is made from nothing.
 */
const PGLITE_EMPTY_ENV = 'T0_TEST_PGLITE_EMPTY';
const PGLITE_MIGRATED_ENV = 'T0_TEST_PGLITE_MIGRATED';
const PG_TEMPLATE_ENV = 'T0_TEST_PG_TEMPLATE';

/**
 * Makes the run's copies (see above) and answers the teardown that removes them. Idempotent
 * within a process tree: when the variables are already set (an outer run made them), it does
 * nothing.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  if (process.env[PGLITE_MIGRATED_ENV]) return async () => undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 't0-test-snapshots-'));
  const pglite = new PGlite(embeddedOptions());
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  const dump = async (file: string) => {
    await pglite.exec('checkpoint');
    writeFileSync(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  let template: string | undefined;
  try {
    const empty = await dump(path.join(dir, 'empty.tar'));
    await migrateToLatest(db);
    const migrated = await dump(path.join(dir, 'migrated.tar'));
    if (await isTestPgReachable()) {
      template = `t0_test_template_${randomBytes(6).toString('hex')}`;
      const pgDb = await createPgDatabase(template);
      try {
        await migrateToLatest(pgDb.db);
      } finally {
        await pgDb.close();
      }
      process.env[PG_TEMPLATE_ENV] = template;
    }
    process.env[PGLITE_EMPTY_ENV] = empty;
    process.env[PGLITE_MIGRATED_ENV] = migrated;
  } catch (err) {
    if (template) await dropPgDatabase(template).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
  return async () => {
    if (template) await dropPgDatabase(template);
    rmSync(dir, { recursive: true, force: true });
    delete process.env[PGLITE_EMPTY_ENV];
    delete process.env[PGLITE_MIGRATED_ENV];
    delete process.env[PG_TEMPLATE_ENV];
  };
}

const snapshots = new Map<string, Blob>();
/** The run's copy named by `env` (read once per process), if the run made one. */
function snapshot(env: string): Blob | undefined {
  const file = process.env[env];
  if (!file) return undefined;
  let blob = snapshots.get(file);
  if (!blob) snapshots.set(file, (blob = new Blob([readFileSync(file)])));
  return blob;
}

async function createPgDatabase(name: string, template?: string) {
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), ...(await createDb({ databaseUrl: url.toString(), poolSize: 5 })) };
}

async function dropPgDatabase(name: string) {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

/**
 * A fresh database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. Migrated
 * unless `migrate: false` (then empty). Copied from the run's shared set-up when there is one.
 */
export async function createTestDb(kind: DbKind, opts: { migrate?: boolean } = {}): Promise<TestDb> {
  const migrate = opts.migrate !== false;
  if (kind === 'pglite') {
    const migrated = migrate ? snapshot(PGLITE_MIGRATED_ENV) : undefined;
    const handle = await createDb({ dataDir: 'memory', loadDataDir: migrated ?? snapshot(PGLITE_EMPTY_ENV) });
    if (migrate && !migrated) await migrateToLatest(handle.db);
    return { ...handle, drop: () => handle.close() };
  }
  const name = `t0_test_${randomBytes(6).toString('hex')}`;
  const template = migrate ? process.env[PG_TEMPLATE_ENV] : undefined;
  const handle = await createPgDatabase(name, template);
  if (migrate && !template) await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.close();
      await dropPgDatabase(name);
    },
  };
}
