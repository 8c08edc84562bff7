import type { SessionControl } from '@t0/contracts/server';
import type { FastifyRequest } from 'fastify';

/** What the procedures may do to the caller's session. */
export function sessionControl(req: FastifyRequest): SessionControl {
  return {
    async login(userId) {
      // Never reuse a session id across a login: regenerate destroys the old one in the store
      // and issues a new id.
      await req.session.regenerate();
      const now = Date.now();
      req.session.userId = userId;
      req.session.createdAt = now;
      req.session.seenAt = now;
    },
    async logout() {
      await req.session.destroy();
    },
    currentId() {
      return req.session.sessionId || undefined;
    },
  };
}
