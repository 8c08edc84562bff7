import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON answers at least this large are compressed (smaller ones gain nothing worth the work). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON, including `application/problem+json` and the like. Never `text/event-stream`. */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i;

/** The live event stream: never compressed, or a proxy's buffer would hold its events back. */
export const isEventStreamPath = (url: string) =>
  url.startsWith('/api/stream') || url.startsWith('/trpc/live.') || url.startsWith('/trpc/live,');

/**
 * Compresses large JSON answers (brotli, else gzip) for clients that accept it. The web app's
 * files are compressed once at build time and served as they are (see web.ts); the event stream
 * never is. Register before the routes it should cover.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPES,
  });
  // The library skips a request carrying this header: the stream's paths always do.
  app.addHook('onRequest', async (req) => {
    if (isEventStreamPath(req.url)) req.headers['x-no-compression'] = '1';
  });
}
