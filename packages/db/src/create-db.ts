import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
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
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (err: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  onPoolError?: (err: Error) => void;
}

// numeric(10,5) stays a string from pg (exact); timestamps become Date; int8 counts become numbers.
pg.types.setTypeParser(20, (v) => Number(v));

const plugins = [new CamelCasePlugin()];

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
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
        const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5_000 });
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
    };
  }

  const dataDir = opts.dataDir ?? './data';
  let pglite: PGlite;
  if (dataDir === 'memory') {
    pglite = new PGlite();
  } else {
    const dir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
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
    close: () => db.destroy(),
  };
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
