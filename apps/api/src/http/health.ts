import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, type DatabaseOutage } from './outage';

/** 200 {"status":"ok"} only when the database answers; 503 otherwise, always within a second. */
export async function registerHealthRoute(app: FastifyInstance, outage: DatabaseOutage) {
  app.get('/api/health', async (_req, reply) => {
    const ok = await outage.check(800);
    if (ok) return reply.code(200).send({ status: 'ok' });
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', database: 'down', message: 'Database is not answering' });
  });
}
