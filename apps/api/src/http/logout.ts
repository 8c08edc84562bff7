import type { FastifyInstance } from 'fastify';

/** A browser navigation: ends the session and goes home. */
export async function registerLogoutRoute(app: FastifyInstance) {
  app.get('/api/logout', async (req, reply) => {
    if (req.session) await req.session.destroy();
    reply.clearCookie('t0.sid', { path: '/' });
    return reply.redirect('/', 302);
  });
}
