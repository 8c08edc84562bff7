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
