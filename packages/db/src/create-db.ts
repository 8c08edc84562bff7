import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  sql,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { createEmbeddedDatabase, embeddedOptions } from './embedded-memory';
import { isDatabaseUnavailable } from './outage';
import type { Database } from './types';

export type DbKind = 'pg' | 'pglite';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /**
   * Runs raw SQL on the database through Kysely's connection handling, so on PGlite it waits for
   * any open transaction instead of running inside it. Text without parameters may hold several
   * statements (needed by pg-boss's schema creation).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * LISTEN on a channel (change events between processes); answers a function that stops it.
   * `onLost` is called once if the listening connection breaks (no notice can be trusted to have
   * arrived after that; the caller listens again).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (err: Error) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connections now: PostgreSQL's pool (`max` its size), or PGlite's single connection (busy
   * or idle, and the queries queued for it as `waiting`). Read by the metrics at scrape time.
   */
  poolUse?(): PoolUse;
  /**
   * Embedded database only: a consistent copy of its files (a gzipped tarball, PGlite's
   * `dumpDataDir`), taken on the single connection after a CHECKPOINT, so no transaction is half in it.
   */
  dumpDataDir?(): Promise<Blob>;
}

/** Connections of a database handle: open (`total`), open and unused (`idle`), and callers waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite: a folder that may hold the build's empty-database template (`writeEmbeddedTemplate`);
   * a new database is unpacked from it instead of running initdb (see embedded-memory.ts).
   */
  embeddedTemplateDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: the longest a statement may run (server-side `statement_timeout`; the client gives up a little later); 0 = no limit (migrations). */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest a new connection may take to be ready. */
  connectTimeoutMs?: number;
  onPoolError?: (err: Error) => void;
  /**
   * Embedded database only: called if another process takes over DATA_DIR's lock while this one
   * holds it (see data-dir-lock.ts). By default the process is asked to stop (SIGTERM).
   */
  onLockLost?: (err: Error) => void;
  /**
   * In-memory embedded database only: start from this copy of a database's files (a PGlite
   * `dumpDataDir` tarball) instead of creating an empty one. Tests use a migrated copy made once.
   */
  loadDataDir?: Blob;
}

// numeric(10,5) stays a string from pg (exact); timestamps become Date; int8 counts become numbers.
pg.types.setTypeParser(20, (v) => Number(v));

const plugins = [new CamelCasePlugin()];

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const statementTimeout = opts.statementTimeoutMs ?? 1_500;
    const connectTimeout = opts.connectTimeoutMs ?? 1_000;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: connectTimeout,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeout || undefined,
      // A hung server never sends its own timeout: the client stops waiting shortly after.
      query_timeout: statementTimeout ? statementTimeout + 250 : undefined,
    });
    pool.on('error', (err) => opts.onPoolError?.(err));
    // A client the pool has lent out (a transaction between two statements, a job runner's query)
    // that loses its server emits 'error' on itself, not on the pool: without a listener that is an
    // uncaught exception. The statement in flight gets the error anyway; the pool drops the client.
    pool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingBrokenClients(pool) }), plugins });
    return {
      db,
      kind: 'pg',
      async executeSql(text, values) {
        const res = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text answers an array of results; pg-boss only reads the last.
        const last = Array.isArray(res) ? res[res.length - 1] : res;
        return { rows: (last?.rows ?? []) as unknown[] };
      },
      async listen(channel, onPayload, onLost) {
        // A connection of its own, outside the pool: it stays open as long as we listen.
        const client = new pg.Client({
          connectionString: opts.databaseUrl,
          connectionTimeoutMillis: connectTimeout,
          query_timeout: statementTimeout ? statementTimeout + 250 : undefined,
        });
        let stopped = false;
        const lost = (err: Error) => {
          if (stopped) return;
          stopped = true;
          client.end().catch(() => undefined);
          onLost?.(err);
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('listening connection closed')));
        client.on('notification', (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`listen ${quoteIdent(channel)}`);
        } catch (err) {
          stopped = true;
          await client.end().catch(() => undefined);
          throw err;
        }
        return async () => {
          if (stopped) return;
          stopped = true;
          await client.end().catch(() => undefined);
        };
      },
      close: () => db.destroy(),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: opts.poolSize ?? 10,
      }),
    };
  }

  const dataDir = opts.dataDir ?? './data';
  let lock: DataDirLock | undefined;
  let dir: string | undefined;
  if (dataDir !== 'memory') {
    dir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    // One process per DATA_DIR: a second one refuses to start here (DataDirLockedError).
    lock = lockDataDir(path.resolve(dataDir), { onLost: opts.onLockLost ?? stopOnLostLock });
  }
  let pglite: PGlite;
  try {
    if (dir) await createEmbeddedDatabase(dir, opts.embeddedTemplateDir);
    pglite = dir
      ? new PGlite(dir, embeddedOptions())
      : new PGlite({ ...embeddedOptions(), loadDataDir: opts.loadDataDir });
    await pglite.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const use = { held: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: countingDialect(new PGliteDialect(pglite), use), plugins });
  return {
    db,
    kind: 'pglite',
    poolUse: () => ({ total: 1, idle: use.held > 0 ? 0 : 1, waiting: use.waiting, max: 1 }),
    dumpDataDir: () =>
      db.connection().execute(async () => {
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      }),
    async executeSql(text, values) {
      // db.connection() takes the single PGlite connection from the dialect's queue.
      return db.connection().execute(async () => {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
        }
        const res = await pglite.query(text, values);
        return { rows: res.rows as unknown[] };
      });
    },
    async listen(channel, onPayload) {
      // Through the connection queue, so LISTEN never runs inside someone else's transaction.
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
      return () => db.connection().execute(() => unlisten());
    },
    async close() {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * One PostgreSQL connection without the statement timeout, for work that may outlast a request's:
 * migrations, the job queue's schema, backups and restores.
 */
export function createUntimedDb(databaseUrl: string): Promise<DbHandle> {
  return createDb({ databaseUrl, poolSize: 1, statementTimeoutMs: 0, connectTimeoutMs: 10_000 });
}

/**
 * PGlite's dialect, counting who holds its single connection and who waits for it (the dialect
 * queues them): what a pool's figures are for PostgreSQL.
 */
function countingDialect(dialect: PGliteDialect, use: { held: number; waiting: number }): PGliteDialect {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = (): Driver => {
    const inner = createDriver();
    return {
      init: () => inner.init(),
      async acquireConnection() {
        use.waiting++;
        let connection: DatabaseConnection;
        try {
          connection = await inner.acquireConnection();
        } finally {
          use.waiting--;
        }
        use.held++;
        return connection;
      },
      async releaseConnection(connection: DatabaseConnection) {
        use.held--;
        await inner.releaseConnection(connection);
      },
      beginTransaction: (c: DatabaseConnection, s: TransactionSettings) => inner.beginTransaction(c, s),
      commitTransaction: (c: DatabaseConnection) => inner.commitTransaction(c),
      rollbackTransaction: (c: DatabaseConnection) => inner.rollbackTransaction(c),
      destroy: () => inner.destroy(),
      ...(inner.savepoint ? { savepoint: inner.savepoint.bind(inner) } : {}),
      ...(inner.rollbackToSavepoint ? { rollbackToSavepoint: inner.rollbackToSavepoint.bind(inner) } : {}),
      ...(inner.releaseSavepoint ? { releaseSavepoint: inner.releaseSavepoint.bind(inner) } : {}),
    };
  };
  return dialect;
}

/** Another process has the embedded database's files: stop rather than write beside it. */
function stopOnLostLock(err: Error) {
  console.error(`${err.message} Stopping.`);
  process.kill(process.pid, 'SIGTERM');
}

/**
 * The pool as Kysely sees it, except that a connection whose query failed for lack of the database
 * (timed out, broken) is destroyed when released instead of going back to the pool, where it could
 * still be waiting for a hung server's answer.
 */
function discardingBrokenClients(pool: pg.Pool) {
  type Wrapped = { query: (...args: unknown[]) => Promise<unknown>; release: () => void; broken?: Error | undefined };
  const wrappers = new WeakMap<pg.PoolClient, Wrapped>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = wrappers.get(client);
      if (!wrapped) {
        const w: Wrapped = {
          query: async (...args) => {
            try {
              return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
            } catch (err) {
              if (isDatabaseUnavailable(err)) w.broken = err as Error;
              throw err;
            }
          },
          release: () => {
            const broken = w.broken;
            w.broken = undefined;
            client.release(broken);
          },
        };
        wrappers.set(client, (wrapped = w));
      }
      return wrapped;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** True when the database answers a trivial query. */
export async function pingDb(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
