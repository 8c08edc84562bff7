import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics/metrics';

const BEARER = /^Bearer +(\S+) *$/i;

/** The live streams: open for as long as the client stays, so not request durations. */
const isStream = (route: string | undefined, url: string) =>
  route === '/api/stream' || (route === '/trpc/:path' && url.startsWith('/trpc/live.'));

/**
 * Times every answered request into the metrics: one `onResponse` hook, labelled by method, route
 * pattern (never the URL: `/api/signals/:id`, not each id) and status; the live streams are left out.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (!isStream(route, req.url))
      metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * `GET /metrics` in Prometheus's text format, for `Authorization: Bearer <METRICS_TOKEN>` only
 * (compared in constant time). Without the setting the path does not exist (404, as any unknown
 * path); with it, a request without the right token is 401 whatever it asked.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics | undefined, token: string | undefined) {
  if (!metrics || !token) {
    // The web app's fallback would answer its page here: the path is not there.
    app.get('/metrics', async (req, reply) =>
      reply.code(404).send({ message: `No route for ${req.method} /metrics`, code: 'NOT_FOUND' }),
    );
    return;
  }
  const expected = createHash('sha256').update(token).digest();
  const authorised = (header: string | undefined) => {
    const given = header === undefined ? undefined : BEARER.exec(header)?.[1];
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    const digest = createHash('sha256')
      .update(given ?? '')
      .digest();
    return timingSafeEqual(digest, expected) && given !== undefined;
  };
  app.get('/metrics', async (req, reply) => {
    if (!authorised(req.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
    const text = await metrics.text();
    return reply.code(200).header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
