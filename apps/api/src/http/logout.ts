import type { FastifyInstance } from 'fastify';

/** A browser navigation: ends the session and goes home. */
export async function registerLogoutRoute(app: FastifyInstance) {
  app.get('/api/logout', async (req, reply) => {
    // The session plugin clears the cookie of a destroyed session with the answer.
    await req.session.destroy();
    return reply.redirect('/', 302);
  });
}
