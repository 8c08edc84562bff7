import type { Ports } from '@t0/server';
import { loadInstrumentCatalogue, saveCommunityDefaults } from '@t0/server';
import { createDb, createUntimedDb, migrateToLatest, type DbHandle } from '@t0/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { registerTelegramWebhook } from './adapters/delivery/telegram';
import { buildPorts } from './adapters/index';
import type { Config } from './config';
import { ensureKeyFiles, type StartedConfig } from './config-keys';
import { EMBEDDED_TEMPLATE_DIR } from './embedded-template';
import { JOBS_SCHEMA, prepareJobsSchema, startJobs } from './jobs/index';
import { seedDemoContent } from './seed';
import { trackConnections } from './http/drain';
import { Readiness } from './http/readiness';
import { AppMetrics } from './metrics/metrics';
import { buildServer } from './server';

/** How long a shutdown waits for the requests in flight (main.ts gives the whole shutdown 10 s). */
export const DRAIN_MS = 8_000;

export interface App {
  server: FastifyInstance;
  db: DbHandle;
  ports: Ports;
  /** The settings with the keys the start-up found or made. */
  config: StartedConfig;
  /** What `GET /api/ready` answers: ready once started, not from the moment `close` is called. */
  readiness: Readiness;
  /** The metrics `GET /metrics` serves (only when METRICS_TOKEN is set). */
  metrics: AppMetrics | undefined;
  /**
   * Stops accepting, lets the requests in flight answer (up to `drainMs`, default 8 s; answers carry
   * `Connection: close` meanwhile), ends live streams, then stops the jobs and closes the database.
   */
  close(opts?: { drainMs?: number }): Promise<void>;
}

/**
 * Key files under DATA_DIR (the settings' missing keys, made once), database, migrations, demo
 * content, adapters, jobs and the HTTP server: the whole product.
 */
export async function createApp(
  settings: Config,
  opts: { db?: DbHandle; ports?: Partial<Ports>; logger?: boolean } = {},
): Promise<App> {
  const config = ensureKeyFiles(settings);
  const log = pino({ level: opts.logger === false ? 'silent' : config.logLevel });
  const readiness = new Readiness();
  const db =
    opts.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedTemplateDir: EMBEDDED_TEMPLATE_DIR,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      onPoolError: (err) => log.error({ err }, 'database pool error'),
    }));
  if (!opts.db && config.databaseUrl) {
    // Migrations may take longer than a request's statement timeout: on a connection without one.
    // With two roles, as the owner (MIGRATION_DATABASE_URL): the product's role cannot change tables.
    await onUntimedConnection(config.migrationDatabaseUrl ?? config.databaseUrl, (admin) => migrateToLatest(admin.db));
    // pg-boss's schema likewise, but as the product's role, which made it and owns it.
    await onUntimedConnection(config.databaseUrl, prepareJobsSchema);
  } else {
    await migrateToLatest(db.db);
  }
  readiness.mark('migrations');
  const metrics = config.metricsToken ? new AppMetrics(db) : undefined;
  metrics?.watchReadiness(() => readiness.ready);
  const built = buildPorts(config, log, db.db, opts.ports, metrics);
  if (built.ports.record) {
    // Operators publish this key where they like: anyone can then check the signed checkpoints.
    const { keyId, publicKeyPem, publicKeyBase64 } = built.ports.record;
    log.info(
      {
        keyId,
        publicKeyBase64,
        publicKeyPem,
        source: config.keys.recordSigningKey.source,
        file: config.keys.recordSigningKey.file,
      },
      `record signing key ${keyId} (Ed25519, public ${publicKeyBase64}); served at /api/performance/key`,
    );
    if (config.keys.recordSigningKey.source === 'ephemeral') {
      log.warn(
        { file: config.keys.recordSigningKey.file },
        'the record signing key could not be kept under DATA_DIR: set RECORD_SIGNING_KEY, or checkpoints signed after a restart name another key',
      );
    }
  }
  if (config.seedDemo) await seedDemoContent(db.db, built.ports.storage, log);
  await loadInstrumentCatalogue(db.db);
  // The default room's chat and role when it has none of its own, where an access change (which
  // reads only the database) finds them.
  await saveCommunityDefaults(db.db, {
    telegramChatId: config.community.telegramPaidChatId ?? null,
    discordRoleId: config.community.discord?.roleId ?? null,
  });
  const server = await buildServer(
    { config, db, ports: built.ports, readiness, metrics },
    opts.logger === false ? false : { level: config.logLevel },
  );
  const connections = trackConnections(server.server);
  if (config.telegram?.setWebhook)
    void registerTelegramWebhook(config.telegram, config.publicUrl, log, {
      paidChat: built.ports.community?.telegram !== undefined,
    });
  let jobs: Awaited<ReturnType<typeof startJobs>>;
  try {
    jobs = await startJobs({
      config,
      db,
      ports: built.ports,
      log: server.log,
      queue: built.jobs,
      sessions: server.sessionStore,
      metrics,
    });
  } catch (err) {
    // A start that cannot run its jobs fails (a periodic job that cannot be scheduled names itself).
    await server.close().catch(() => undefined);
    await built.close().catch(() => undefined);
    if (!opts.db) await db.close().catch(() => undefined);
    throw err;
  }
  readiness.mark('job workers');
  metrics?.watchJobQueues(JOBS_SCHEMA);
  let closed = false;
  return {
    server,
    db,
    ports: built.ports,
    config,
    readiness,
    metrics,
    async close({ drainMs = DRAIN_MS } = {}) {
      if (closed) return;
      closed = true;
      // Load balancers stop sending traffic; what already came is answered (the drain).
      readiness.drain();
      const { cut } = await connections.drain({ timeoutMs: drainMs, onStopAccepting: () => server.liveHub.closeAll() });
      if (cut > 0) server.log.warn({ connections: cut }, 'requests still unanswered at the end of the drain were cut');
      await server.close();
      await jobs.stop();
      await built.close();
      if (!opts.db) await db.close();
    },
  };
}

/** One connection without the statement timeout, for work at start that may outlast a request's. */
async function onUntimedConnection(databaseUrl: string, run: (handle: DbHandle) => Promise<unknown>): Promise<void> {
  const handle = await createUntimedDb(databaseUrl);
  try {
    await run(handle);
  } finally {
    await handle.close();
  }
}
