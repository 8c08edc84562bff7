import type { LiveMessage } from '@t0/server';

const CRLF = '\r\n';

/**
 * Text as one HTTP/1.1 chunk (`<size in hex>\r\n<text>\r\n`): what a chunked response puts on the
 * wire for it, so a stream writes it to its socket as is.
 */
export function chunkOf(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const head = body.length.toString(16) + CRLF;
  const chunk = Buffer.allocUnsafe(head.length + body.length + CRLF.length);
  chunk.write(head, 0, 'latin1');
  body.copy(chunk, head.length);
  chunk.write(CRLF, head.length + body.length, 'latin1');
  return chunk;
}

/** The text inside a chunk made by `chunkOf` (for a response that is not chunked: an HTTP/1.0 client). */
export function unchunked(chunk: Buffer): Buffer {
  return chunk.subarray(chunk.indexOf(CRLF) + CRLF.length, chunk.length - CRLF.length);
}

/** The SSE frame of a message: `id:`, `event:` (its type) and `data:` with its JSON on one line. */
export const sseFrame = (m: LiveMessage): string =>
  `id: ${m.id}\nevent: ${m.type}\ndata: ${JSON.stringify(m.data)}\n\n`;

const frames = new WeakMap<LiveMessage, Buffer>();
const pairs = new WeakMap<LiveMessage, WeakMap<LiveMessage, Buffer>>();

/**
 * A message's frame as a chunk. Messages are shared by every stream that gets the same variant of
 * an event (projection.ts), so each is serialised once per process and every stream is written the
 * same Buffer.
 */
export function frameChunk(m: LiveMessage): Buffer {
  let f = frames.get(m);
  if (f === undefined) {
    f = chunkOf(sseFrame(m));
    frames.set(m, f);
  }
  return f;
}

/**
 * Two messages' frames in one chunk (a notification and the receiver's unread count: one write),
 * built once per pair; the count's message is shared by every receiver with that count.
 */
export function pairChunk(a: LiveMessage, b: LiveMessage): Buffer {
  let byB = pairs.get(a);
  if (byB === undefined) {
    byB = new WeakMap();
    pairs.set(a, byB);
  }
  let f = byB.get(b);
  if (f === undefined) {
    f = chunkOf(sseFrame(a) + sseFrame(b));
    byB.set(b, f);
  }
  return f;
}
