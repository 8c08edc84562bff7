import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { appRouter, type AppSettings, type Ports } from '@t0/contracts/server';
import type { DbHandle } from '@t0/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { contextFactory } from './context';
import { registerCheckoutRoutes } from './http/checkout';
import { registerDocsRoutes } from './http/docs';
import { registerErrorHandling } from './http/errors';
import { registerAuthRateLimit, registerSameOriginCheck } from './http/guards';
import { registerHealthRoute } from './http/health';
import { registerLogoutRoute } from './http/logout';
import { registerObjectRoutes } from './http/objects';
import { registerRest } from './http/rest';
import { registerUploadRoutes } from './http/uploads';
import { registerWebApp } from './http/web';
import { registerWebhookRoutes } from './http/webhooks';
import { registerSessions } from './session/plugin';
import { HotReadCache } from './changes/hot-reads';
import { LocalWritesPlugin, type WriteKind } from './changes/local-writes';
import { listenForChanges } from './changes/notices';
import { SessionCache } from './session/cache';
import { KyselySessionStore } from './session/store';

export interface ServerDeps {
  config: Config;
  db: DbHandle;
  ports: Ports;
}

export function appSettings(config: Config): AppSettings {
  return {
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    isProduction: config.isProduction,
    supportEmail: config.supportEmail,
    educationUrl: config.educationUrl,
  };
}

/** The whole HTTP surface: sessions, security, tRPC, REST, docs, uploads, webhooks, web app. */
export async function buildServer(deps: ServerDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
  });

  registerErrorHandling(app);
  // Helmet's headers are the same for every answer: computed once, not rebuilt per request.
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://s.tradingview.com', 'https://www.tradingview-widget.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
  });
  // JSON answers of the API need no document policy: a short, strict set (as recommended for
  // REST services), which also keeps the polling paths' answers small.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(config.isProduction ? { 'strict-transport-security': securityHeaders['strict-transport-security']! } : {}),
  };
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(isApiAnswer(req.url) ? apiHeaders : securityHeaders);
  });
  registerSameOriginCheck(app, config.publicUrl);
  registerAuthRateLimit(app, config.rateLimitAuthPerMinute);

  // Sessions with their users, the signal list and unread counts are kept per process and kept
  // true by the database's change notices (and at once by this process's own writes).
  const sessionCache = new SessionCache();
  const hotReads = new HotReadCache();
  const db = deps.db.db.withPlugin(new LocalWritesPlugin(WATCHED_TABLES, (table, kind) => forgetWritten(table, kind, sessionCache, hotReads)));
  const stopNotices = await listenForChanges(deps.db, [sessionCache, hotReads], app.log);
  app.addHook('onClose', stopNotices);
  const store = new KyselySessionStore(db, sessionCache);
  registerSessions(app, { store, secret: config.sessionSecret, secure: config.isProduction });
  app.decorate('sessionStore', store);
  app.decorate('sessionCache', sessionCache);
  app.decorate('hotReads', hotReads);

  const createContext = contextFactory({ db, ports: deps.ports, settings: appSettings(config), reads: hotReads });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'],
  });

  await registerHealthRoute(app, deps);
  await registerLogoutRoute(app);
  await registerDocsRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  await registerObjectRoutes(app, deps);
  await registerWebhookRoutes(app, deps);
  await registerCheckoutRoutes(app, deps);

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
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'REST call failed');
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
  }
}

/** JSON API paths (the API reference page at /api/docs is a document). */
const isApiAnswer = (url: string) => url.startsWith('/trpc/') || (url.startsWith('/api/') && !url.startsWith('/api/docs'));

const WATCHED_TABLES = new Set(['users', 'sessions', 'signals', 'user_notifications']);

/** What a write of this process makes stale (new users or sessions cannot be cached yet). */
function forgetWritten(table: string, kind: WriteKind, sessions: SessionCache, reads: HotReadCache) {
  if (table === 'signals') reads.forgetSignals();
  else if (table === 'user_notifications') reads.forgetUnread();
  else if (kind !== 'insert') sessions.clear();
}

/** The headers @fastify/helmet sets with these options (it would rebuild them on every request). */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!transport.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}
