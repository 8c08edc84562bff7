import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '@t0/contracts';
import { SESSION_COOKIE_NAME } from '@t0/contracts/server';
import type { FastifyInstance } from 'fastify';
import type { KyselySessionStore } from './store';

const TOUCH_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Cookie sessions stored in the database. Idle timeout 7 days (the expiry moves forward at most
 * once a day, so polling never writes), absolute timeout 30 days from sign-in.
 */
export async function registerSessions(
  app: FastifyInstance,
  opts: { store: KyselySessionStore; secret: string; secure: boolean },
) {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    cookieName: SESSION_COOKIE_NAME,
    secret: opts.secret,
    store: opts.store,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      maxAge: SESSION_IDLE_TIMEOUT_MS,
    },
  });

  app.addHook('preHandler', async (req) => {
    const s = req.session;
    if (s.userId === undefined) return;
    const now = Date.now();
    const expired =
      now - (s.createdAt ?? 0) > SESSION_ABSOLUTE_TIMEOUT_MS || now - (s.seenAt ?? 0) > SESSION_IDLE_TIMEOUT_MS;
    if (expired) {
      opts.store.takeUser(s.sessionId);
      await s.destroy();
      return;
    }
    if (now - (s.seenAt ?? 0) > TOUCH_EVERY_MS) {
      s.seenAt = now;
      s.touch();
    }
  });
}
