import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle, type DbKind } from './create-db';
import { migrateToLatest } from './migrate';

/** Admin connection used to create throw-away databases for tests. */
export const TEST_PG_ADMIN_URL =
  process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** The database kinds the integration tests run on: PGlite always, PostgreSQL when reachable. */
export async function testDbKinds(): Promise<DbKind[]> {
  if (process.env.TEST_DB === 'pglite') return ['pglite'];
  if (process.env.TEST_DB === 'pg') return ['pg'];
  const reachable = await isTestPgReachable();
  if (!reachable && process.env.CI) throw new Error('PostgreSQL is not reachable in CI');
  return reachable ? ['pglite', 'pg'] : ['pglite'];
}

export interface TestDb extends DbHandle {
  /** Connection string of the throw-away PostgreSQL database (pg kind only). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function createTestDb(kind: DbKind, opts: { migrate?: boolean } = {}): Promise<TestDb> {
  if (kind === 'pglite') {
    const handle = await createDb({ dataDir: 'memory' });
    if (opts.migrate !== false) await migrateToLatest(handle.db);
    return { ...handle, drop: () => handle.close() };
  }
  const name = `t0_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 5 });
  if (opts.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
