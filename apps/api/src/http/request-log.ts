import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What every signed-in client asks for every few seconds. */
const POLLING_REST = new Set([
  '/api/signals',
  '/api/user/notifications/unread-count',
  '/api/live-prices',
  '/api/health',
]);
const POLLING_TRPC = new Set(['signals.list', 'userNotifications.unreadCount', 'prices.live']);

/** A polling request: one of the polled REST paths, or a tRPC call (or batch) of polled procedures only. */
export function isPollingRequest(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const path = url.split('?')[0] ?? '';
  if (POLLING_REST.has(path)) return true;
  if (!path.startsWith('/trpc/')) return false;
  let names: string[];
  try {
    names = decodeURIComponent(path.slice(6)).split(',');
  } catch {
    return false;
  }
  return names.every((n) => POLLING_TRPC.has(n));
}

const SECRET_PATHS = /^(\/api\/inbound\/alerts\/)[^/?#]+/;

/** The URL as logged: a TradingView source's token (the secret in its path) is never written. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[token]');
}

/**
 * One log line per request, when it is answered: method, path, status and time. The polling
 * paths log at debug, so a day of polling does not fill the log at info.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req: FastifyRequest, reply) => {
    const level = isPollingRequest(req.method, req.url) ? 'debug' : 'info';
    req.log[level](
      { method: req.method, url: loggedUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
