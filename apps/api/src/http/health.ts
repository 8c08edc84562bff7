import { pingDb } from '@t0/db';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../server';

/** 200 {"status":"ok"} only when the database answers; 503 otherwise. */
export async function registerHealthRoute(app: FastifyInstance, deps: ServerDeps) {
  app.get('/api/health', async (_req, reply) => {
    const ok = await pingDb(deps.db.db);
    return reply.code(ok ? 200 : 503).send(ok ? { status: 'ok' } : { status: 'unavailable', message: 'Database is not answering' });
  });
}
