import type { SessionControl } from '@t0/contracts/server';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** When the user signed in (absolute timeout). */
    createdAt?: number;
    /** Last time the session was touched (idle timeout), refreshed at most once a day. */
    seenAt?: number;
  }
}

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
      if (req.session) await req.session.destroy();
    },
    currentId() {
      return req.session?.sessionId;
    },
  };
}
