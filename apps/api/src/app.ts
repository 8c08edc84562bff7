import type { Ports } from '@t0/contracts/server';
import { loadInstrumentCatalogue } from '@t0/contracts/server';
import { createDb, migrateToLatest, type DbHandle } from '@t0/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { registerTelegramWebhook } from './adapters/delivery/telegram';
import { buildPorts } from './adapters/index';
import type { Config } from './config';
import { startJobs } from './jobs/index';
import { seedDemoContent } from './seed';
import { buildServer } from './server';

export interface App {
  server: FastifyInstance;
  db: DbHandle;
  ports: Ports;
  /** Stops taking requests, finishes jobs and closes the database. */
  close(): Promise<void>;
}

/** Database, migrations, demo content, adapters, jobs and the HTTP server: the whole product. */
export async function createApp(
  config: Config,
  opts: { db?: DbHandle; ports?: Partial<Ports>; logger?: boolean } = {},
): Promise<App> {
  const log = pino({ level: opts.logger === false ? 'silent' : config.logLevel });
  const db =
    opts.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      onPoolError: (err) => log.error({ err }, 'database pool error'),
    }));
  if (!opts.db && config.databaseUrl) {
    // Migrations may take longer than a request's statement timeout: on a connection without one.
    const admin = await createDb({ databaseUrl: config.databaseUrl, poolSize: 1, statementTimeoutMs: 0, connectTimeoutMs: 10_000 });
    try {
      await migrateToLatest(admin.db);
    } finally {
      await admin.close();
    }
  } else {
    await migrateToLatest(db.db);
  }
  const built = buildPorts(config, log, db.db, opts.ports);
  if (config.seedDemo) await seedDemoContent(db.db, built.ports.storage, log);
  await loadInstrumentCatalogue(db.db);
  const server = await buildServer({ config, db, ports: built.ports }, opts.logger === false ? false : { level: config.logLevel });
  if (config.telegram?.setWebhook) void registerTelegramWebhook(config.telegram, config.publicUrl, log);
  const jobs = await startJobs({ config, db, ports: built.ports, log: server.log, queue: built.jobs, sessions: server.sessionStore });
  let closed = false;
  return {
    server,
    db,
    ports: built.ports,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await jobs.stop();
      await built.close();
      if (!opts.db) await db.close();
    },
  };
}
