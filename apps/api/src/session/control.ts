import type { SessionControl } from '@t0/server';
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
    async passSecondFactor() {
      // A new id for the raised privilege, the same sign-in (its absolute timeout is kept).
      const { userId, createdAt } = req.session;
      if (userId === undefined) return;
      await req.session.regenerate();
      store.markNew(req.session);
      req.session.userId = userId;
      req.session.createdAt = createdAt;
      req.session.seenAt = Date.now();
      req.session.secondFactorAt = Date.now();
      req.sessionUser = undefined;
    },
  };
}
