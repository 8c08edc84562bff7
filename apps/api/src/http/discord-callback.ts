import { completeDiscordLink } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../deps';

const text = (v: unknown) => (typeof v === 'string' && v.length <= 512 ? v : undefined);

/**
 * `GET /api/community/discord/callback`: Discord sends the browser back here after the
 * authorisation. The state must be the one issued to this session's account (CSRF); the outcome
 * is shown on the profile (`/profile?section=alerts&discord=linked|denied|bad_state|no_access|failed`).
 */
export async function registerDiscordCallbackRoute(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/api/community/discord/callback', async (req, reply) => {
    const outcome = await completeDiscordLink(
      { db: deps.db.db, ports: deps.ports, log: req.log },
      req.session?.userId,
      {
        code: text(req.query.code),
        state: text(req.query.state),
        error: text(req.query.error),
      },
    );
    return reply.redirect(`${deps.config.publicUrl}/profile?section=alerts&discord=${outcome}`, 303);
  });
}
