import type { AppSettings, Context, HotReads, Ports } from '@t0/contracts/server';
import { findUserById, toUser } from '@t0/contracts/server';
import type { Database } from '@t0/db';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionControl } from './session/control';

export interface ContextDeps {
  db: Kysely<Database>;
  ports: Ports;
  settings: AppSettings;
  reads: HotReads;
}

/** The request context for both front doors (/trpc and /api). */
export function contextFactory(deps: ContextDeps) {
  return async function createContext({ req }: { req: FastifyRequest }): Promise<Context> {
    const session = req.session;
    let user: Context['user'] = null;
    const userId = session.userId;
    if (userId !== undefined) {
      // Usually read with the session (and cached with it); else read now.
      const row = session.user?.id === userId ? session.user : await findUserById(deps.db, userId);
      user = row && row.id === userId ? toUser(row, deps.settings.adminEmails) : null;
    }
    return {
      db: deps.db,
      user,
      ports: deps.ports,
      settings: deps.settings,
      session: sessionControl(req),
      request: { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? 'unknown') },
      log: req.log,
      reads: deps.reads,
    };
  };
}
