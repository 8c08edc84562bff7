import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '@t0/contracts';
import { SESSION_COOKIE_NAME } from '@t0/server';
import type { UserRow } from '@t0/db';
import type { FastifyInstance } from 'fastify';
import type { SessionData } from './data';
import type { KyselySessionStore } from './store';

const TOUCH_EVERY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  // What a session holds (stored as JSON in `sessions.sess`).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface Session extends SessionData {}
  interface FastifyRequest {
    /** The user row read with the session (absent for a new session or after a change). */
    sessionUser: UserRow | undefined;
  }
}

/** The session cookie's name: `__Host-` prefixed when cookies are Secure (bound to this host, path /). */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME);

/**
 * Cookie sessions (`@fastify/cookie` + `@fastify/session`) stored in the database. The cookie is
 * HttpOnly, SameSite=Lax, Secure and `__Host-` prefixed in production, signed with the first of
 * the SESSION_SECRET secrets (the others still accepted, for rotation). Nothing is stored for a
 * visitor who never signs in, nor for an answer that failed (status 400 or more). Idle timeout 7
 * days (the expiry moves forward at most once a day, so polling never writes), absolute timeout
 * 30 days from sign-in.
 */
export async function registerSessions(
  app: FastifyInstance,
  opts: { store: KyselySessionStore; secrets: string[]; secure: boolean },
) {
  const cookieName = sessionCookieName(opts.secure);
  app.decorateRequest('sessionUser', undefined);

  // Before the session plugin's own onSend hook: an error answer saves nothing (and sets no
  // cookie); a session it deleted (sign-out, regenerate) stays deleted.
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && req.session?.sessionId) req.session = {} as typeof req.session;
  });

  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: opts.secrets,
    cookieName,
    store: opts.store,
    saveUninitialized: false,
    rolling: false,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: SESSION_IDLE_TIMEOUT_MS },
  });

  app.addHook('onRequest', async (req) => {
    const s = req.session;
    if (s?.userId !== undefined) req.sessionUser = opts.store.takeUser(s.sessionId);
  });

  app.addHook('preHandler', async (req) => {
    const s = req.session;
    if (s?.userId === undefined) return;
    const now = Date.now();
    const expired =
      now - (s.createdAt ?? 0) > SESSION_ABSOLUTE_TIMEOUT_MS || now - (s.seenAt ?? 0) > SESSION_IDLE_TIMEOUT_MS;
    if (expired) {
      await s.destroy();
      return;
    }
    // Saved with the answer (an UPDATE of the row, which also moves its expiry on).
    if (now - (s.seenAt ?? 0) > TOUCH_EVERY_MS) s.seenAt = now;
  });

  // A destroyed session's cookie is cleared with the answer.
  app.addHook('onSend', async (req, reply) => {
    if (req.session === null && req.cookies?.[cookieName] !== undefined)
      reply.clearCookie(cookieName, { path: '/', secure: opts.secure, httpOnly: true, sameSite: 'lax' });
  });
}
