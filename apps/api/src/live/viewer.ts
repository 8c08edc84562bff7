import { findUserById, readingRoles, type Context, type LiveViewer } from '@t0/server';
import type { Database } from '@t0/db';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

/** What a request's user reads as (the live stream, premium objects); null when not signed in. */
export type RequestViewer = (req: FastifyRequest) => Promise<LiveViewer | null>;

/**
 * The reader a request stands for, built by the same code as every procedure's user (the request
 * context: API token or cookie session, with the administrator's second-factor gate), so no path
 * builds a user without the gate. An administrator the gate does not let act as one reads as a
 * user without the role (see `readingRoles`).
 */
export function requestViewer(
  createContext: (opts: { req: FastifyRequest }) => Promise<Context>,
  db: Kysely<Database>,
): RequestViewer {
  return async (req) => {
    const { user } = await createContext({ req });
    if (!user) return null;
    let own = user.hasActiveSubscription;
    if (user.secondFactor === 'enrolment_required') {
      // The gate kept the role (the console asks for enrolment): the subscription of their own counts.
      const row =
        req.apiToken?.user ?? (req.sessionUser?.id === user.id ? req.sessionUser : await findUserById(db, user.id));
      own = row?.hasActiveSubscription ?? false;
    }
    return readingRoles(user, { hasActiveSubscription: own });
  };
}
