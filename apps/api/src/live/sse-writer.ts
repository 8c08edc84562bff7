import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { unchunked } from './frames';
import type { FrameSink } from './hub';

export interface SseWriterOptions {
  /** How long the socket may stay full before the client is disconnected (it resumes with Last-Event-ID). */
  drainTimeoutMs: number;
  /** Frames kept while the socket is full; one more and the client is disconnected. */
  maxPending: number;
  /**
   * Called once, when the response is over (ended, disconnected, or the client went away). One
   * function for every stream (the writer is its argument): a stream holds no closures of its own.
   */
  onClose: (writer: SseWriter) => void;
}

/** The writer of each socket waiting for `drain` (one shared listener, not a closure per stream). */
const waiting = new WeakMap<Socket, SseWriter>();
function onDrain(this: Socket): void {
  waiting.get(this)?.flush();
}
function disconnectOf(writer: SseWriter): void {
  writer.disconnect();
}
function closeOf(this: ServerResponse): void {
  writers.get(this)?.close();
}
const writers = new WeakMap<ServerResponse, SseWriter>();

/**
 * Writes one GET /api/stream response: frames arrive as ready-made HTTP/1.1 chunks shared by every
 * stream (frames.ts) and go straight to the socket, in the hub's loop. It never waits: once a write
 * is answered false (the socket holds more than its mark), later frames are kept in order and
 * written on `drain`; a client that lets its socket stay full for `drainTimeoutMs`, or falls more
 * than `maxPending` frames behind, is disconnected. So a stream holds about one socket buffer of
 * unsent bytes, and a slow client never holds up the others.
 *
 * The response's head and first chunk are written by Node (`start`), its end (`res.end()`, the
 * last chunk) too; frames handed over before `start` wait for it.
 */
export class SseWriter implements FrameSink {
  private socket: Socket | undefined;
  /** False for an HTTP/1.0 client: its body is not chunked (it ends when the connection closes). */
  private chunked = true;
  /** Set while the socket is full (or the head not yet written): the frames waiting. */
  private pending: Buffer[] | undefined = [];
  private timer: NodeJS.Timeout | undefined;
  private ending = false;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: SseWriterOptions,
  ) {}

  /** Writes the head and the first text, then the frames handed over meanwhile. */
  start(headers: OutgoingHttpHeaders, first: string): void {
    const res = this.res;
    res.writeHead(200, headers);
    res.write(first);
    if (!res.socket || res.destroyed) return this.close();
    this.socket = res.socket;
    this.socket.setNoDelay(true);
    this.chunked = res.chunkedEncoding;
    writers.set(res, this);
    res.on('close', closeOf);
    this.flush();
  }

  /** Bytes written but not yet taken by the kernel (bounded by the drain wait). */
  get unsent(): number {
    return this.socket?.writableLength ?? 0;
  }

  write(chunk: Buffer): void {
    if (this.closed || this.ending) return;
    if (this.pending) {
      if (this.pending.length >= this.opts.maxPending) this.disconnect();
      else this.pending.push(chunk);
      return;
    }
    if (!this.socket!.writable) this.close();
    else if (!this.socket!.write(this.chunked ? chunk : unchunked(chunk))) this.waitForDrain([]);
  }

  /** A keep-alive comment, unless the socket is full (a client that does not read is not fed more). */
  ping(chunk: Buffer): void {
    if (!this.pending) this.write(chunk);
  }

  /** No more frames: the response ends once those kept have been written. */
  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    if (!this.pending) this.close();
  }

  /** Ends the response now (what is kept is dropped: its client resumes from its last id). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket && waiting.get(this.socket) === this) {
      waiting.delete(this.socket);
      this.socket.off('drain', onDrain);
    }
    this.pending = undefined;
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end();
    this.opts.onClose(this);
  }

  private waitForDrain(rest: Buffer[]): void {
    this.pending = rest;
    this.timer = setTimeout(disconnectOf, this.opts.drainTimeoutMs, this);
    waiting.set(this.socket!, this);
    this.socket!.once('drain', onDrain);
  }

  /** The socket drained (or the head is out): the kept frames go out, until one fills it again. */
  flush(): void {
    clearTimeout(this.timer);
    const socket = this.socket!;
    waiting.delete(socket);
    const kept = this.pending ?? [];
    this.pending = undefined;
    for (let i = 0; i < kept.length; i++) {
      if (this.closed || !socket.writable) return this.close();
      if (!socket.write(this.chunked ? kept[i]! : unchunked(kept[i]!))) return this.waitForDrain(kept.slice(i + 1));
    }
    if (this.ending) this.close();
  }

  /** The client does not read: cut it off (it resumes with Last-Event-ID). */
  disconnect(): void {
    this.res.destroy();
    this.close();
  }
}
