import { API_TOKEN_PATTERN, API_TOKEN_TOUCH_MS } from '@t0/contracts';
import {
  findActiveApiToken,
  hashApiToken,
  isApiTokenExpired,
  limitFailedCredential,
  touchApiToken,
  type AuthLimits,
  type ResolvedApiToken,
} from '@t0/server';
import type { Database } from '@t0/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppMetrics } from '../metrics/metrics';
import type { ApiTokenCache } from './cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token this request came with (`Authorization: Bearer t0_pat_…` on /api/*), resolved. */
    apiToken: ResolvedApiToken | undefined;
  }
}

export interface BearerDeps {
  /** Reads of tokens and users. */
  db: Kysely<Database>;
  /** Writes of `last_used_at` (a database without the local-writes plugin: they forget nothing). */
  touchDb: Kysely<Database>;
  cache: ApiTokenCache;
  authLimits?: AuthLimits;
  /** Failed tokens and the limit's refusals are counted here when metrics are on. */
  metrics?: Pick<AppMetrics, 'signInFailed' | 'signInRefused'> | undefined;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Personal API tokens on the REST API (/api/*, the live stream included): a request with
 * `Authorization: Bearer t0_pat_…` acts as the token's user, with the user's roles as they are now.
 * A malformed, unknown, revoked or expired token is a 401 before anything runs, and counts against the
 * client address's sign-in budget (429 when spent). `/trpc` is the web app's door and refuses any
 * bearer token (401): tokens cannot sign in to the web app. Webhooks are signed and ignore the header.
 */
export function registerBearerTokens(app: FastifyInstance, deps: BearerDeps) {
  app.decorateRequest('apiToken', undefined);
  /** When each token's `last_used_at` was last written by this process. */
  const touched = new Map<number, number>();

  const refuse = async (reply: FastifyReply, ip: string, message: string) => {
    const wait = await limitFailedCredential(deps.db, ip, deps.authLimits);
    deps.metrics?.signInFailed('api_token');
    if (wait > 0) {
      deps.metrics?.signInRefused('api_token');
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send({ message: 'Too many attempts. Please wait a minute and try again.', code: 'TOO_MANY_REQUESTS' });
    }
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="t0", error="invalid_token"')
      .send({ message, code: 'UNAUTHORIZED' });
  };

  app.addHook('onRequest', async (req, reply) => {
    const header = req.headers.authorization;
    if (header === undefined) return;
    const url = req.url;
    if (url.startsWith('/trpc')) {
      if (/^Bearer\b/i.test(header)) {
        return reply.code(401).send({
          message:
            'API tokens work on the REST API (/api/*) only; /trpc is for the web app and needs a signed-in session',
          code: 'UNAUTHORIZED',
        });
      }
      return;
    }
    if (!url.startsWith('/api/') || url.startsWith('/api/webhooks/')) return;
    const token = BEARER.exec(header)?.[1];
    if (token === undefined)
      return refuse(reply, req.ip, 'Authorization must be "Bearer t0_pat_…" with an API token from your profile');
    if (!API_TOKEN_PATTERN.test(token)) return refuse(reply, req.ip, 'Invalid API token');

    const hash = hashApiToken(token);
    let resolved = deps.cache.get(hash);
    if (!resolved) {
      const generation = deps.cache.generation;
      resolved = await findActiveApiToken(deps.db, hash);
      if (!resolved) return refuse(reply, req.ip, 'Invalid or revoked API token');
      deps.cache.put(hash, resolved, generation);
    }
    // Checked on every request, cached or not: the cache holds a token until it is revoked.
    if (isApiTokenExpired(resolved)) {
      return refuse(
        reply,
        req.ip,
        `This API token expired on ${resolved.expiresAt!.toISOString()}: create a new one in your profile`,
      );
    }
    req.apiToken = resolved;

    // `last_used_at`: at most one write a minute per token (the database also checks the minute).
    const now = Date.now();
    const last = Math.max(touched.get(resolved.id) ?? 0, resolved.lastUsedAt?.getTime() ?? 0);
    if (now - last >= API_TOKEN_TOUCH_MS) {
      if (touched.size > 10_000) touched.clear();
      touched.set(resolved.id, now);
      try {
        await touchApiToken(deps.touchDb, resolved.id);
      } catch (err) {
        touched.delete(resolved.id);
        req.log.warn({ err }, 'API token last-used time not recorded');
      }
    }
  });
}
