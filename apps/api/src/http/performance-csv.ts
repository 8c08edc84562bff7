import { performanceCsv, performanceReport } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

/**
 * `GET /api/performance.csv`: the public track record, one row per closed signal, with the same
 * figures and names as the `trades` of `GET /api/performance` (a plain route: tRPC answers JSON).
 */
export async function registerPerformanceCsvRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get('/api/performance.csv', async (_req, reply) => {
    const report = await performanceReport(deps.db.db, { includeDemo: deps.config.seedDemo });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="t0-track-record.csv"')
      .send(performanceCsv(report));
  });
}
