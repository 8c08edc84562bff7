import { emitEvent, userAudience } from '@t0/server';
import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGOUT_PAGE_CSP, logoutConfirmPage } from './logout-page';

export type LogoutDecision = 'sign-out' | 'confirm';

/**
 * Whether a request to sign out comes from our own pages. Browsers say where a request starts in
 * `Sec-Fetch-Site`: `same-origin` (our links and scripts) and `none` (typed, bookmarked) sign out;
 * `cross-site`, and `same-site` (a sibling origin of the same site), ask first. Without that header
 * (older browsers, scripts) a Referer from another origin asks first; no Referer signs out.
 */
export function logoutDecision(
  headers: FastifyRequest['headers'],
  isOwnOrigin: (origin: string) => boolean,
): LogoutDecision {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none' ? 'sign-out' : 'confirm';
  const referer = headers.referer;
  if (!referer) return 'sign-out';
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return 'confirm';
  }
  return isOwnOrigin(origin) ? 'sign-out' : 'confirm';
}

/**
 * GET /api/logout, a browser navigation: from our own pages it ends the session and goes home; from
 * another site it shows a page asking to confirm, whose button POSTs here from our own origin.
 */
export async function registerLogoutRoute(app: FastifyInstance, publicUrl: string, db?: Kysely<Database>) {
  const own = new URL(publicUrl).origin;
  const isOwnOrigin = (req: FastifyRequest) => (origin: string) =>
    origin === own ||
    (req.headers.host !== undefined &&
      (origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`));

  const signOut = async (req: FastifyRequest, reply: FastifyReply, status: 302 | 303) => {
    // The session plugin clears the cookie of a destroyed session with the answer.
    const userId = req.session?.userId;
    await req.session?.destroy();
    // The live streams opened with this session end (other sessions' streams stay).
    if (db && userId !== undefined)
      await emitEvent(db, { type: 'session.ended', audience: userAudience(userId), payload: { reason: 'logout' } });
    return reply.redirect('/', status);
  };
  // The API's `no-referrer` would make the browser send `Origin: null` with the button's POST,
  // which the same-origin check refuses: this page keeps its origin for same-origin requests.
  const confirm = (reply: FastifyReply, status: 200 | 403) =>
    reply
      .code(status)
      .headers({
        'content-security-policy': LOGOUT_PAGE_CSP,
        'cache-control': 'no-store',
        'referrer-policy': 'same-origin',
      })
      .type('text/html; charset=utf-8')
      .send(logoutConfirmPage());

  await app.register(async (scope) => {
    // The confirmation form posts an empty urlencoded body.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );

    scope.get('/api/logout', async (req, reply) => {
      if (req.session?.userId === undefined) return reply.redirect('/', 302);
      return logoutDecision(req.headers, isOwnOrigin(req)) === 'sign-out'
        ? signOut(req, reply, 302)
        : confirm(reply, 200);
    });

    // The confirmation's button. A cross-origin Origin is refused before this (guards.ts); a
    // browser's cross-site or same-site request without one is asked again.
    scope.post('/api/logout', async (req, reply) => {
      if (logoutDecision(req.headers, isOwnOrigin(req)) === 'confirm') return confirm(reply, 403);
      return signOut(req, reply, 303);
    });
  });
}
