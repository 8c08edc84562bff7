import type { FastifyInstance } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request check for cookie sessions: a browser always sends Origin on a cross-origin
 * mutation; it must be our own. Scripts without Origin (curl, the typed client) are not browsers.
 * Webhooks are signed instead and skip this.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (req, reply) => {
    if (!MUTATING.has(req.method) || req.url.startsWith('/api/webhooks/')) return;
    const origin = req.headers.origin;
    if (!origin) return;
    const host = req.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (!sameHost && !allowed.has(origin)) {
      return reply.code(403).send({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    }
  });
}

const AUTH_PATHS = new Set([
  '/api/auth/login',
  '/api/login',
  '/api/register',
  '/api/auth/forgot-password',
  '/api/forgot-password',
  '/api/auth/reset-password',
  '/trpc/auth.login',
  '/trpc/auth.loginAlias',
  '/trpc/auth.register',
  '/trpc/auth.forgotPassword',
  '/trpc/auth.forgotPasswordAlias',
  '/trpc/auth.resetPassword',
]);

/** Sign-in, registration and reset calls are limited per client address. */
export function registerAuthRateLimit(app: FastifyInstance, perMinute: number) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'POST') return;
    const path = req.url.split('?')[0] ?? '';
    // A batched tRPC call names several procedures separated by commas.
    const names = path.startsWith('/trpc/') ? path.slice(6).split(',').map((n) => `/trpc/${n}`) : [path];
    if (!names.some((n) => AUTH_PATHS.has(n))) return;
    const now = Date.now();
    if (hits.size > 50_000) hits.clear();
    const entry = hits.get(req.ip);
    if (!entry || entry.resetAt <= now) {
      hits.set(req.ip, { count: 1, resetAt: now + 60_000 });
      return;
    }
    entry.count += 1;
    if (entry.count > perMinute) {
      reply.header('Retry-After', Math.ceil((entry.resetAt - now) / 1000));
      return reply.code(429).send({ message: 'Too many attempts. Please wait a minute and try again.', code: 'TOO_MANY_REQUESTS' });
    }
  });
}
