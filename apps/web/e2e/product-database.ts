// The database each product of the browser tests runs on. PostgreSQL when the machine has one (CI
// does: `.ci/run` starts it), as production runs: each product gets a database of its own cloned
// from a template the run migrates once (`create database … template …`, a fraction of a second).
// Without PostgreSQL, or with `E2E_DATABASE=pglite`, the embedded database: each product starts on
// a copy of the files of one the run migrates once. The embedded database answers the same queries
// more slowly (PostgreSQL compiled to WebAssembly, one connection): the API tests run on both.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the tests' PostgreSQL takes administrative connections (the API tests' variable). */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The run's migrated PostgreSQL template database, by name. */
const PG_TEMPLATE_ENV = 'T0_E2E_PG_TEMPLATE';
/** The files of the run's migrated embedded database. */
const PGDATA_ENV = 'T0_E2E_PGDATA';

/** A database on the tests' PostgreSQL server, by name. */
function pgUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the administrator (psql, which comes with the PostgreSQL server). */
async function adminSql(sql: string): Promise<void> {
  await run('psql', [PG_ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
  });
}

async function pgReachable(): Promise<boolean> {
  try {
    await adminSql('select 1');
    return true;
  } catch {
    return false;
  }
}

/** Runs the built product's migrations (`migrate-cli`) with these settings. */
async function migrate(apiMain: string, cwd: string, settings: Record<string, string>): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-000000',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  if (!settings.DATABASE_URL) delete env.DATABASE_URL;
  delete env.MIGRATION_DATABASE_URL;
  await run(process.execPath, [path.join(path.dirname(apiMain), 'migrate-cli.js')], { cwd, env });
}

/**
 * Once per run (the e2e globalSetup): the migrated database every product starts from, on
 * PostgreSQL when it answers (unless `E2E_DATABASE=pglite`), else embedded. Answers the teardown
 * that removes it.
 */
export async function prepareProductDatabase(apiMain: string, cwd: string): Promise<() => Promise<void>> {
  if (process.env[PG_TEMPLATE_ENV] || process.env[PGDATA_ENV]) return async () => undefined;
  if (process.env.E2E_DATABASE !== 'pglite' && (await pgReachable())) {
    const template = `t0_e2e_template_${randomBytes(6).toString('hex')}`;
    await adminSql(`create database ${template}`);
    try {
      await migrate(apiMain, cwd, { DATABASE_URL: pgUrl(template) });
    } catch (err) {
      await adminSql(`drop database if exists ${template} with (force)`).catch(() => undefined);
      throw err;
    }
    process.env[PG_TEMPLATE_ENV] = template;
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await adminSql(`drop database if exists ${template} with (force)`);
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 't0-e2e-template-'));
  await migrate(apiMain, cwd, { DATA_DIR: dataDir });
  process.env[PGDATA_ENV] = path.join(dataDir, 'pgdata');
  return async () => {
    delete process.env[PGDATA_ENV];
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export interface ProductDatabase {
  /** The settings that point the product at it (`DATABASE_URL`, or none for the embedded one in DATA_DIR). */
  env: Record<string, string>;
  /** Removes it once the product has stopped. */
  drop(): Promise<void>;
}

/**
 * A product's own database: a clone of the run's template on PostgreSQL, else a copy of the
 * run's embedded one under the product's DATA_DIR (or, without a run's set-up, an empty one the
 * product migrates at its start).
 */
export async function productDatabase(dataDir: string): Promise<ProductDatabase> {
  const template = process.env[PG_TEMPLATE_ENV];
  if (template) {
    const name = `t0_e2e_${randomBytes(6).toString('hex')}`;
    // Two clones of one template at the same moment: PostgreSQL refuses the second ("source
    // database is being accessed by other users") while the first copies; it is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        await adminSql(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String((err as { stderr?: string }).stderr)))
          throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return {
      env: { DATABASE_URL: pgUrl(name) },
      drop: () => adminSql(`drop database if exists ${name} with (force)`),
    };
  }
  const pgdata = process.env[PGDATA_ENV];
  if (pgdata) cpSync(pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
  return { env: {}, drop: async () => undefined };
}
