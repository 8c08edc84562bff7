import { performanceCsv, performanceReport, resolvePerformanceFilter } from '@t0/server';
import { performanceFilterSchema } from '@t0/contracts/schemas/performance/performance';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

/**
 * `GET /api/performance.csv`: the public track record, one row per closed signal, with the same
 * figures and names as the `trades` of `GET /api/performance` (a plain route: tRPC answers JSON).
 * `analyst=` and `room=` filter it as they filter the JSON: a malformed slug is a 400 naming the
 * field, an unknown one a 404.
 */
export async function registerPerformanceCsvRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get('/api/performance.csv', async (req, reply) => {
    const parsed = performanceFilterSchema.safeParse(req.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return reply.code(400).send({ message: issue.message, code: 'BAD_REQUEST', field: issue.path.join('.') });
    }
    let filter;
    try {
      filter = await resolvePerformanceFilter(deps.db.db, parsed.data);
    } catch (err) {
      if ((err as { code?: string }).code === 'NOT_FOUND')
        return reply.code(404).send({ message: (err as Error).message, code: 'NOT_FOUND' });
      throw err;
    }
    const report = await performanceReport(deps.db.db, { includeDemo: deps.config.seedDemo, filter });
    const name = ['t0-track-record', filter.analyst?.slug, filter.room].filter(Boolean).join('-');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(performanceCsv(report));
  });
}
