import type { SessionControl } from '@t0/contracts/server';
import type { FastifyRequest } from 'fastify';
import type { KyselySessionStore } from './store';

/** What the procedures may do to the caller's session. */
export function sessionControl(req: FastifyRequest, store: KyselySessionStore): SessionControl {
  return {
    async login(userId) {
      // Never reuse a session id across a login: regenerate destroys the old one in the store
      // and issues a new id (stored when the answer is sent).
      await req.session.regenerate();
      const now = Date.now();
      store.markNew(req.session);
      req.session.userId = userId;
      req.session.createdAt = now;
      req.session.seenAt = now;
      req.sessionUser = undefined;
    },
    async logout() {
      if (req.session) await req.session.destroy();
      req.sessionUser = undefined;
    },
    currentId() {
      return req.session?.sessionId || undefined;
    },
  };
}
