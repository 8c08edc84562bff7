import { appRouter, retryAfterOf } from '@t0/server';
import type { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { contextFactory } from './context';
import { appSettings, type ServerDeps } from './deps';
import { registerCheckoutRoutes } from './http/checkout';
import { registerCompression } from './http/compression';
import { registerDiscordCallbackRoute } from './http/discord-callback';
import { registerDocsRoutes } from './http/docs';
import { registerErrorHandling } from './http/errors';
import { registerSameOriginCheck } from './http/guards';
import { registerHealthRoute } from './http/health';
import { registerMetricsRoute, registerRequestMetrics } from './http/metrics-route';
import { Readiness, registerReadinessRoute } from './http/readiness';
import { registerInboundAlertRoute } from './http/inbound-alerts';
import { DatabaseOutage, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './http/outage';
import { registerLogoutRoute } from './http/logout';
import { registerObjectRoutes } from './http/objects';
import { registerPerformanceCsvRoute } from './http/performance-csv';
import { registerRecordFeedRoute } from './http/record-feed';
import { registerRequestLog } from './http/request-log';
import { registerRest } from './http/rest';
import { securityHeaders } from './http/security-headers';
import { registerUploadRoutes } from './http/uploads';
import { registerWebApp } from './http/web';
import { registerWebhookRoutes } from './http/webhooks';
import { registerSessions } from './session/plugin';
import { HotReadCache } from './changes/hot-reads';
import { LocalWritesPlugin } from './changes/local-writes';
import { CacheRouting } from './changes/routing';
import { listenForChanges } from './changes/notices';
import { SessionCache } from './session/cache';
import { KyselySessionStore } from './session/store';
import { LiveHub } from './live/hub';
import { databaseSource } from './live/source';
import { registerStreamRoute } from './live/stream-route';
import { requestViewer } from './live/viewer';
import { registerBearerTokens } from './api-tokens/bearer';
import { ApiTokenCache } from './api-tokens/cache';

/** Calls one tRPC batch may carry; a larger batch is answered 400 (the web app sends far fewer). */
export const TRPC_MAX_BATCH_SIZE = 20;

/** Open live streams per user; a new one closes that user's oldest. */
export const LIVE_STREAMS_PER_USER = 10;

export type { ServerDeps } from './deps';

/** The whole HTTP surface: sessions, security, tRPC, REST, docs, uploads, webhooks, web app. */
export async function buildServer(
  deps: ServerDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger,
    // One line per request instead of Fastify's two (see http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A stalled request or body is dropped; at close, idle keep-alive connections are closed at once.
    requestTimeout: config.requestTimeoutMs,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 5000 },
  });

  // A database that is down or hung answers 503 with Retry-After, logged once per outage.
  const outage = new DatabaseOutage(deps.db, app.log);
  app.addHook('onClose', async () => outage.close());
  registerErrorHandling(app, outage);
  registerRequestLog(app);
  const { metrics } = deps;
  if (metrics) registerRequestMetrics(app, metrics);
  // Built alone (not by createApp), the server is ready once built and listening for changes.
  let readiness = deps.readiness;
  if (!readiness) {
    readiness = new Readiness();
    readiness.mark('migrations');
    readiness.mark('job workers');
  }
  /** A procedure that failed for lack of the database becomes SERVICE_UNAVAILABLE (503), not a 500 with a stack. */
  const procedureFailed = (error: TRPCError, path: string | undefined, what: string) => {
    if (outage.note(error.cause ?? error)) {
      // Read by the error shape (and its status) after this hook, in tRPC and in the REST layer.
      (error as { code: TRPCError['code'] }).code = 'SERVICE_UNAVAILABLE';
      error.message = UNAVAILABLE_MESSAGE;
      return;
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, what);
    metrics?.procedureFailed(path, error.code, error.message);
  };
  await registerCompression(app);
  // Helmet's headers (and the API's own set) are the same for every answer: computed once.
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(isApiAnswer(req.url) ? headers.api : headers.document);
  });
  registerSameOriginCheck(app, config.publicUrl);

  // Sessions with their users, the signal list and unread counts are kept per process and kept
  // true by the database's change notices (and at once by this process's own writes).
  const sessionCache = new SessionCache();
  const hotReads = new HotReadCache();
  const tokenCache = new ApiTokenCache();
  // Which writes and notices reach which cache follows from the tables each declares it reads.
  const caches = new CacheRouting([sessionCache.kept, ...hotReads.kept, tokenCache.kept]);
  const unnoticed = caches.unnoticedTables();
  if (unnoticed.length)
    app.log.warn(
      { tables: unnoticed },
      "cached reads of tables without a change trigger: other processes' writes to them are seen only when the entries age out",
    );
  const db = deps.db.db.withPlugin(new LocalWritesPlugin(caches.tables, (write) => caches.written(write)));
  const store = new KyselySessionStore(db, sessionCache);
  // The live streams of this process: each event row is read once here and fanned out.
  const liveHub = new LiveHub(
    databaseSource(deps.db.db, store, { adminEmails: config.adminEmails, adminRequire2fa: config.adminRequire2fa }),
    {
      maxStreams: config.liveMaxStreams,
      maxPerUser: LIVE_STREAMS_PER_USER,
      maxPerAddress: config.liveMaxStreamsPerAddress,
      checkEveryMs: config.liveCheckEveryMs,
      log: app.log,
    },
  );
  metrics?.watchLiveStreams(() => liveHub.size);
  // The listener's first connection is a step of readiness.
  const stopNotices = await listenForChanges(deps.db, [caches, liveHub, readiness.changes], app.log);
  app.addHook('onClose', stopNotices);
  // Open streams would hold the server's close forever: they end first (clients reconnect).
  app.addHook('preClose', async () => liveHub.closeAll());
  app.decorate('liveHub', liveHub);
  await registerSessions(app, { store, secrets: config.keys.sessionSecrets, secure: config.isProduction });
  app.decorate('sessionStore', store);
  app.decorate('sessionCache', sessionCache);
  app.decorate('hotReads', hotReads);
  app.decorate('apiTokenCache', tokenCache);
  app.decorate('caches', caches);
  // Personal API tokens (Authorization: Bearer) on /api/*; refused on /trpc.
  registerBearerTokens(app, {
    db,
    touchDb: deps.db.db,
    cache: tokenCache,
    authLimits: appSettings(config).authLimits,
    metrics,
  });

  const createContext = contextFactory({
    db,
    ports: deps.ports,
    settings: appSettings(config),
    reads: hotReads,
    sessions: store,
    live: liveHub,
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      onError({ error, path }) {
        procedureFailed(error, path, 'procedure failed');
      },
      // An answer that asks to come back later (the sign-in limits, a database outage) says when, for the whole batch.
      responseMeta({ errors }) {
        const wait = Math.max(
          0,
          ...errors.map((e) => retryAfterOf(e) ?? (e.code === 'SERVICE_UNAVAILABLE' ? RETRY_AFTER_SECONDS : 0)),
        );
        return wait > 0 ? { headers: { 'retry-after': String(wait) } } : {};
      },
    } satisfies FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'],
  });

  // Every path that builds a user outside tRPC builds it with the request context (its 2FA gate).
  const viewerOf = requestViewer(createContext, db);
  registerStreamRoute(app, { hub: liveHub, viewerOf, drainTimeoutMs: config.liveDrainTimeoutMs });
  await registerHealthRoute(app, outage);
  registerReadinessRoute(app, readiness);
  registerMetricsRoute(app, metrics, config.metricsToken);
  await registerLogoutRoute(app, config.publicUrl, db);
  await registerDocsRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  await registerObjectRoutes(app, deps, viewerOf);
  await registerWebhookRoutes(app, deps);
  await registerInboundAlertRoute(app, deps);
  await registerCheckoutRoutes(app, deps);
  await registerDiscordCallbackRoute(app, deps);
  await registerPerformanceCsvRoute(app, deps);
  await registerRecordFeedRoute(app, deps);

  // REST: a body-less POST/PUT/PATCH (mark read, publish) is still a JSON call.
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith('/api/') && req.body === undefined && !req.headers['content-type']) {
      req.raw.headers['content-type'] = 'application/json';
    }
  });
  await registerRest(app, {
    basePath: '/api',
    router: appRouter,
    createContext: ({ req }) => createContext({ req }),
    onError({ error, path }) {
      procedureFailed(error as TRPCError, path, 'REST call failed');
    },
  });

  await registerWebApp(app, deps);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: KyselySessionStore;
    sessionCache: SessionCache;
    hotReads: HotReadCache;
    apiTokenCache: ApiTokenCache;
    /** Every cache by the tables it reads: add one and writes to its tables reach it. */
    caches: CacheRouting;
    /** The live streams; `closeAll()` ends them (shutdown). */
    liveHub: LiveHub;
  }
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count is turned into its rule here (the n hops
 * nearest the server are proxies; the address the outermost of them saw is the client's), as
 * Fastify itself now trusts nothing for a bare number: it is right only when the server cannot be
 * reached but through those proxies, which the README says.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** JSON API paths (the API reference page at /api/docs is a document). */
const isApiAnswer = (url: string) =>
  url.startsWith('/trpc/') || (url.startsWith('/api/') && !url.startsWith('/api/docs'));
