import { LIVE_PING_MS, LiveAddressLimitError, LiveCapacityError, parseLastEventId, type LiveStream } from '@t0/server';
import type { FastifyInstance } from 'fastify';
import { chunkOf } from './frames';
import { LIVE_MAX_QUEUED, type LiveHub } from './hub';
import { SseWriter } from './sse-writer';
import type { RequestViewer } from './viewer';

/** What a stream opened with an API token is bound to: it ends when that token is revoked (see source.ts). */
export const apiTokenStreamKey = (tokenId: number) => `pat:${tokenId}`;

/** How long a client waits before reconnecting after the stream ends (the SSE `retry:` field). */
const RETRY_MS = 2_000;

/** The keep-alive comment, one Buffer for every stream. */
const PING = chunkOf(': ping\n\n');

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
 * The hub writes each stream's frames to its socket as events are dispatched (sse-writer.ts): one
 * loop per process, the same Buffer for every stream that gets a frame. A stream whose socket is
 * full is skipped (its frames are kept) until it drains; a client that does not read for
 * `drainTimeoutMs` is disconnected, so a stream never holds more than about one buffer of unsent
 * bytes. The pings are one loop per process too.
 */
export function registerStreamRoute(app: FastifyInstance, deps: StreamRouteDeps) {
  const drainTimeoutMs = deps.drainTimeoutMs ?? LIVE_DRAIN_TIMEOUT_MS;
  /** The open streams' writers and their hub streams (unsent bytes: `liveStreamBuffers`). */
  const open = new Map<SseWriter, LiveStream>();
  app.decorate('liveStreamBuffers', () => [...open.keys()].map((w) => w.unsent));
  // One options object and one close handler for every stream: an open stream keeps no closures.
  const writerOptions = {
    drainTimeoutMs,
    maxPending: LIVE_MAX_QUEUED,
    onClose: (writer: SseWriter) => {
      open.get(writer)?.close();
      open.delete(writer);
    },
  };
  const ping = setInterval(() => {
    for (const w of open.keys()) w.ping(PING);
  }, LIVE_PING_MS);
  ping.unref();
  app.addHook('onClose', async () => clearInterval(ping));

  app.get('/api/stream', async (req, reply) => {
    // An API token (resolved before this, see api-tokens/bearer.ts) or the cookie session.
    const token = req.apiToken;
    const viewer = await deps.viewerOf(req);
    if (!viewer) return reply.code(401).send({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    const header = req.headers['last-event-id'];
    const query = (req.query as Record<string, unknown>).lastEventId;
    const raw = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : undefined;
    const lastEventId = parseLastEventId(raw);
    if (raw !== undefined && raw !== '' && lastEventId === undefined) {
      return reply.code(400).send({
        message: 'lastEventId must be an event id',
        code: 'BAD_REQUEST',
        fields: [{ path: 'lastEventId', code: 'invalid_format', message: 'lastEventId must be an event id' }],
      });
    }
    const key = token ? apiTokenStreamKey(token.id) : req.session.sessionId || undefined;
    const writer = new SseWriter(reply.raw, writerOptions);
    let stream: LiveStream;
    try {
      stream = deps.hub.open(viewer, lastEventId, key, req.ip, writer);
    } catch (err) {
      if (err instanceof LiveAddressLimitError)
        return reply.code(429).header('retry-after', '60').send({ message: err.message, code: 'TOO_MANY_REQUESTS' });
      if (err instanceof LiveCapacityError)
        return reply.code(503).header('retry-after', '5').send({ message: err.message, code: 'SERVICE_UNAVAILABLE' });
      throw err;
    }
    // The request object lives as long as the stream (Fastify's completion log holds it): it keeps
    // no copy of the user's row, which the stream's viewer no longer needs.
    req.sessionUser = undefined;

    reply.hijack();
    const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
    delete headers['content-length'];
    open.set(writer, stream);
    writer.start(
      {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      },
      `retry: ${RETRY_MS}\n\n`,
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The unsent bytes of each open GET /api/stream response (bounded by the drain wait). */
    liveStreamBuffers: () => number[];
  }
}
