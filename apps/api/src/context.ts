import type { AppSettings, Context, HotReads, LiveStreams, Ports } from '@t0/server';
import { findUserById, resolveViewer } from '@t0/server';
import type { Database } from '@t0/db';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionControl } from './session/control';
import type { KyselySessionStore } from './session/store';

export interface ContextDeps {
  db: Kysely<Database>;
  ports: Ports;
  settings: AppSettings;
  reads: HotReads;
  live?: LiveStreams;
  sessions: KyselySessionStore;
}

/** The request context for both front doors (/trpc and /api). */
export function contextFactory(deps: ContextDeps) {
  return async function createContext({ req }: { req: FastifyRequest }): Promise<Context> {
    let user: Context['user'] = null;
    let credential: Context['credential'];
    const token = req.apiToken;
    const userId = req.session?.userId;
    if (token) {
      // An API token stands for its user (roles as they are now); the cookie session, if any, is not used.
      const acting = await resolveViewer(
        deps.db,
        token.user,
        { kind: 'token', mintedBeforeSecondFactor: token.mintedBeforeSecondFactor },
        deps.settings,
      );
      user = acting.user;
      credential = {
        kind: 'token',
        tokenId: token.id,
        scope: token.scope,
        ...(acting.adminWithheld ? { adminWithheld: true } : {}),
      };
    } else if (userId !== undefined) {
      // Usually read with the session (and cached with it); else read now.
      const row = req.sessionUser?.id === userId ? req.sessionUser : await findUserById(deps.db, userId);
      if (row && row.id === userId) {
        const secondFactorPassed = req.session.secondFactorAt !== undefined;
        user = (await resolveViewer(deps.db, row, { kind: 'session', secondFactorPassed }, deps.settings)).user;
      }
    }
    return {
      db: deps.db,
      user,
      credential,
      ports: deps.ports,
      settings: deps.settings,
      session: sessionControl(req, deps.sessions),
      request: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? 'unknown') },
      log: req.log,
      reads: deps.reads,
      live: deps.live,
    };
  };
}
