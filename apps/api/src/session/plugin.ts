import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '@t0/contracts';
import { SESSION_COOKIE_NAME } from '@t0/contracts/server';
import type { FastifyInstance } from 'fastify';
import { SessionCookie } from './cookie';
import { RequestSession } from './session';
import type { KyselySessionStore } from './store';

const TOUCH_EVERY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

/**
 * Cookie sessions stored in the database. The cookie is HttpOnly, SameSite=Lax, Secure in
 * production, signed with SESSION_SECRET. Nothing is stored for a visitor who never signs in.
 * Idle timeout 7 days (the expiry moves forward at most once a day, so polling never writes),
 * absolute timeout 30 days from sign-in.
 */
export function registerSessions(app: FastifyInstance, opts: { store: KyselySessionStore; secret: string; secure: boolean }) {
  const cookie = new SessionCookie(SESSION_COOKIE_NAME, opts.secret, { secure: opts.secure, maxAgeMs: SESSION_IDLE_TIMEOUT_MS });
  const blank = () => new RequestSession(opts.store, undefined, undefined, undefined);

  app.decorateRequest('session', null as unknown as RequestSession);

  app.addHook('onRequest', async (req) => {
    const value = cookie.read(req.headers.cookie);
    const sid = value === undefined ? undefined : cookie.unsign(value);
    const loaded = sid === undefined ? null : await opts.store.load(sid);
    req.session = loaded ? new RequestSession(opts.store, sid, loaded.data, loaded.user) : blank();
  });

  app.addHook('preHandler', async (req) => {
    const s = req.session;
    if (s.userId === undefined) return;
    const now = Date.now();
    const expired = now - (s.createdAt ?? 0) > SESSION_ABSOLUTE_TIMEOUT_MS || now - (s.seenAt ?? 0) > SESSION_IDLE_TIMEOUT_MS;
    if (expired) {
      await s.destroy();
      return;
    }
    if (now - (s.seenAt ?? 0) > TOUCH_EVERY_MS) s.seenAt = now;
  });

  app.addHook('onSend', async (req, reply) => {
    const s = req.session;
    if (!s) return;
    if (s.destroyed) {
      if (s.fromCookie || req.headers.cookie?.includes(`${SESSION_COOKIE_NAME}=`)) reply.header('set-cookie', cookie.clear());
      return;
    }
    // Only a signed-in session is stored (nothing for anonymous visitors).
    if (!s.changed || s.userId === undefined || !s.sessionId) return;
    const now = Date.now();
    await opts.store.save(s.sessionId, s.snapshot(), new Date(now + SESSION_IDLE_TIMEOUT_MS));
    reply.header('set-cookie', cookie.issue(s.sessionId, now));
  });
}
