import { LIVE_PING_MS, LiveAddressLimitError, LiveCapacityError, parseLastEventId, type LiveStream } from '@t0/contracts/server';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { sseFrame } from './frames';
import type { LiveHub } from './hub';
import type { RequestViewer } from './viewer';

/** What a stream opened with an API token is bound to: it ends when that token is revoked (see source.ts). */
export const apiTokenStreamKey = (tokenId: number) => `pat:${tokenId}`;

/** How long a client waits before reconnecting after the stream ends (the SSE `retry:` field). */
const RETRY_MS = 2_000;

/**
 * How long a stream whose client does not read may wait for its socket to drain before it is
 * closed (its client resumes with Last-Event-ID): at most one socket buffer and one frame wait.
 */
export const LIVE_DRAIN_TIMEOUT_MS = 20_000;

export interface StreamRouteDeps {
  hub: LiveHub;
  /** The request's reader, through the same second-factor gate as every procedure. */
  viewerOf: RequestViewer;
  /** Overrides LIVE_DRAIN_TIMEOUT_MS (tests). */
  drainTimeoutMs?: number;
}

/**
 * GET /api/stream: the live stream for scripts (text/event-stream). Frames carry `id:`, `event:`
 * (the event type) and `data:` (JSON); a script resumes with the `Last-Event-ID` header (or
 * `?lastEventId=`). A comment line every LIVE_PING_MS keeps proxies from timing it out.
 *
 * Writes wait for the socket: once a write is buffered past the socket's mark nothing more is
 * written until it drains; a client that does not read for `drainTimeoutMs` is disconnected, so a
 * stream never holds more than about one buffer of unsent frames.
 */
export function registerStreamRoute(app: FastifyInstance, deps: StreamRouteDeps) {
  const drainTimeoutMs = deps.drainTimeoutMs ?? LIVE_DRAIN_TIMEOUT_MS;
  /** The open responses (their unsent bytes: `liveStreamBuffers`). */
  const open = new Set<ServerResponse>();
  app.decorate('liveStreamBuffers', () => [...open].map((res) => res.writableLength));

  app.get('/api/stream', async (req, reply) => {
    // An API token (resolved before this, see tokens/bearer.ts) or the cookie session.
    const token = req.apiToken;
    const viewer = await deps.viewerOf(req);
    if (!viewer) return reply.code(401).send({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    const header = req.headers['last-event-id'];
    const query = (req.query as Record<string, unknown>).lastEventId;
    const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : undefined;
    const lastEventId = parseLastEventId(raw);
    if (raw !== undefined && raw !== '' && lastEventId === undefined) {
      return reply.code(400).send({ message: 'lastEventId must be an event id', code: 'BAD_REQUEST', fields: { lastEventId: 'must be an event id' } });
    }
    let stream: LiveStream;
    try {
      stream = deps.hub.open(viewer, lastEventId, token ? apiTokenStreamKey(token.id) : req.session.sessionId || undefined, req.ip);
    } catch (err) {
      if (err instanceof LiveAddressLimitError) return reply.code(429).header('retry-after', '60').send({ message: err.message, code: 'TOO_MANY_REQUESTS' });
      if (err instanceof LiveCapacityError) return reply.code(503).header('retry-after', '5').send({ message: err.message, code: 'SERVICE_UNAVAILABLE' });
      throw err;
    }

    reply.hijack();
    const res = reply.raw;
    open.add(res);
    const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
    delete headers['content-length'];
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });

    let stopped = false;
    /** While the socket is full: resolves true once it drained, false when the client gave up or timed out. */
    let draining: Promise<boolean> | undefined;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      open.delete(res);
      clearInterval(ping);
      stream.close();
    };
    const send = (chunk: string) => {
      if (stopped || res.write(chunk) || draining) return;
      draining = new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer);
          res.off('drain', onDrain);
          res.off('close', onClose);
          draining = undefined;
          resolve(drained);
        };
        const onDrain = () => done(true);
        const onClose = () => done(false);
        const timer = setTimeout(() => {
          // The client does not read: disconnect it (it resumes with Last-Event-ID).
          done(false);
          stop();
          res.destroy();
        }, drainTimeoutMs);
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
    };
    const ping = setInterval(() => {
      if (!draining) send(': ping\n\n');
    }, LIVE_PING_MS);
    req.raw.socket.setNoDelay(true);
    req.raw.on('close', stop);
    res.on('error', stop);
    send(`retry: ${RETRY_MS}\n\n`);
    try {
      for await (const m of stream) {
        if (draining && !(await draining)) break;
        if (stopped || !res.writable) break;
        // Frames queued together (a notification and its unread count) leave in one write.
        if (!res.writableCorked) {
          res.cork();
          setImmediate(() => res.uncork());
        }
        send(sseFrame(m));
      }
    } finally {
      stop();
      if (!res.writableEnded && !res.destroyed) res.end();
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The unsent bytes of each open GET /api/stream response (bounded by the drain wait). */
    liveStreamBuffers: () => number[];
  }
}
