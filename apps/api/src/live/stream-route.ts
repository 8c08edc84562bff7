import { findUserById, LIVE_PING_MS, parseLastEventId, toUser } from '@t0/contracts/server';
import { LiveCapacityError, type LiveStream } from '@t0/contracts/server';
import type { Database } from '@t0/db';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sseFrame } from './frames';
import type { LiveHub } from './hub';

/** What a stream opened with an API token is bound to: it ends when that token is revoked (see source.ts). */
export const apiTokenStreamKey = (tokenId: number) => `pat:${tokenId}`;

/** How long a client waits before reconnecting after the stream ends (the SSE `retry:` field). */
const RETRY_MS = 2_000;

/**
 * GET /api/stream: the live stream for scripts (text/event-stream). Frames carry `id:`, `event:`
 * (the event type) and `data:` (JSON); a script resumes with the `Last-Event-ID` header (or
 * `?lastEventId=`). A comment line every LIVE_PING_MS keeps proxies from timing it out.
 */
export function registerStreamRoute(app: FastifyInstance, deps: { hub: LiveHub; db: Kysely<Database>; adminEmails: string[] }) {
  app.get('/api/stream', async (req, reply) => {
    // An API token (resolved before this, see tokens/bearer.ts) or the cookie session.
    const token = req.apiToken;
    const userId = token ? undefined : req.session?.userId;
    const row = token ? token.user : userId === undefined ? undefined : req.sessionUser?.id === userId ? req.sessionUser : await findUserById(deps.db, userId);
    if (!row) return reply.code(401).send({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    const header = req.headers['last-event-id'];
    const query = (req.query as Record<string, unknown>).lastEventId;
    const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : undefined;
    const lastEventId = parseLastEventId(raw);
    if (raw !== undefined && raw !== '' && lastEventId === undefined) {
      return reply.code(400).send({ message: 'lastEventId must be an event id', code: 'BAD_REQUEST', fields: { lastEventId: 'must be an event id' } });
    }
    const user = toUser(row, deps.adminEmails);
    let stream: LiveStream;
    try {
      stream = deps.hub.open({ id: user.id, isAdmin: user.isAdmin, hasActiveSubscription: user.hasActiveSubscription }, lastEventId, token ? apiTokenStreamKey(token.id) : req.session.sessionId || undefined);
    } catch (err) {
      if (err instanceof LiveCapacityError) return reply.code(503).header('retry-after', '5').send({ message: err.message, code: 'SERVICE_UNAVAILABLE' });
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
    delete headers['content-length'];
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    const ping = setInterval(() => res.write(': ping\n\n'), LIVE_PING_MS);
    req.raw.socket.setNoDelay(true);
    const stop = () => {
      clearInterval(ping);
      stream.close();
    };
    req.raw.on('close', stop);
    res.on('error', stop);
    try {
      for await (const m of stream) {
        if (!res.writable) break;
        // Frames queued together (a notification and its unread count) leave in one write.
        if (!res.writableCorked) {
          res.cork();
          setImmediate(() => res.uncork());
        }
        res.write(sseFrame(m));
      }
    } finally {
      stop();
      if (!res.writableEnded) res.end();
    }
  });
}
