import type { AppSettings, Context, HotReads, LiveStreams, Ports } from '@t0/server';
import { findUserById, tokenUser, toUser, withSecondFactor } from '@t0/server';
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
      // An administrator's token minted before the second factor was turned on acts without the role.
      const acting = await tokenUser(deps.db, token, deps.settings);
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
      user = row && row.id === userId ? toUser(row, deps.settings.adminEmails) : null;
      // Administrators: the second factor decides what this session may do.
      if (row && user?.isAdmin) {
        user = await withSecondFactor(deps.db, user, row, {
          passed: req.session.secondFactorAt !== undefined,
          required: deps.settings.adminRequire2fa === true,
        });
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
