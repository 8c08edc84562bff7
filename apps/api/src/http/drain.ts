import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

/** How often a draining server closes the keep-alive connections that have gone quiet. */
const IDLE_SWEEP_MS = 100;
/**
 * Longest the listener stays open after a drain began, taking the connections already made: a busy
 * process takes them from the kernel's queue a few at a time (one every 50–300 ms was measured with
 * the thread pool full of password checks), and the rest are reset when the listener closes. Load
 * balancers stop sending once readiness fails, so new ones soon stop coming.
 */
const ACCEPT_BACKLOG_MS = 4_000;
/**
 * How long a connection that has sent nothing yet is given to send its first request: a client
 * connects, then writes (on a busy client, some time later); closing it meanwhile resets a request
 * already on its way.
 */
const FIRST_REQUEST_GRACE_MS = 4_000;

export interface Drain {
  /** True once a drain has begun: answers carry `Connection: close`. */
  readonly draining: boolean;
  /**
   * Stops accepting connections and lets the requests in flight answer: every answer from now on
   * carries `Connection: close`, quiet keep-alive connections are closed (as they go quiet), and
   * this resolves when no connection is left, or after `timeoutMs`, when the rest are cut.
   * `onStopAccepting` runs once the listener is closed (live streams end there).
   */
  drain(opts: { timeoutMs: number; onStopAccepting?: () => void }): Promise<{ cut: number }>;
}

/** What the drain knows of one connection. */
interface Connection {
  /** Answers begun and not yet ended (more than one only when requests are pipelined). */
  answering: number;
  /** `socket.bytesRead` when the connection last had nothing to do: opened, or its last answer ended. */
  bytesWhenIdle: number;
  /** When it was accepted. */
  openedAt: number;
}

/** One turn of the event loop through its poll phase: what the kernel holds is accepted and read. */
const pollPass = () => new Promise<void>((r) => setTimeout(() => setImmediate(r), 0));

/**
 * Graceful shutdown of a Node HTTP server, beneath Fastify: Fastify's own close answers 503 to
 * requests it routes after the close began and closes connections that were accepted but whose
 * request had not been read yet; here every request that reached the server before the drain
 * began is answered, whatever the state of its connection, and Fastify is closed after (app.ts).
 *
 * A request that reached the server may still be in the kernel when the signal comes (the event
 * loop is busy): its connection not yet accepted, or its bytes not yet read. Node's
 * `closeIdleConnections` destroys such a connection (its parser has begun no message), and closing
 * the listener resets those not accepted. So the listener stays open until a turn of the event
 * loop accepts no new connection, and a connection is closed only when no answer is under way on
 * it and nothing arrived on it since it last went idle, judged after a turn of the event loop read
 * what the kernel held.
 */
export function trackConnections(server: Server): Drain {
  const connections = new Map<Socket, Connection>();
  const answering = new Set<ServerResponse>();
  let accepted = 0;
  let draining = false;

  server.on('connection', (socket: Socket) => {
    accepted++;
    connections.set(socket, { answering: 0, bytesWhenIdle: 0, openedAt: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Runs before Fastify's handler: an answer begun during the drain closes its connection.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
    const c = connections.get(req.socket);
    if (!c) return;
    c.answering++;
    answering.add(res);
    // 'close' follows every response, finished or cut; one shared listener (no closure per
    // request, which a long-lived stream would keep).
    res.on('close', answered);
  });
  function answered(this: ServerResponse) {
    answering.delete(this);
    const socket = this.req.socket;
    const c = connections.get(socket);
    if (!c) return;
    c.answering--;
    if (c.answering === 0) c.bytesWhenIdle = socket.bytesRead;
  }

  /**
   * Closes the connections with nothing under way, nothing arrived since they went idle and
   * nothing of their last answer still waiting to be written; a connection that has sent nothing
   * at all is given `FIRST_REQUEST_GRACE_MS` from its opening first.
   */
  function closeQuiet() {
    const now = Date.now();
    for (const [socket, c] of connections) {
      if (c.answering > 0 || socket.bytesRead !== c.bytesWhenIdle || socket.writableLength > 0) continue;
      if (socket.bytesRead === 0 && now - c.openedAt < FIRST_REQUEST_GRACE_MS) continue;
      socket.destroy();
    }
  }

  return {
    get draining() {
      return draining;
    },
    async drain({ timeoutMs, onStopAccepting }) {
      if (draining) return { cut: 0 };
      draining = true;
      const deadline = Date.now() + timeoutMs;
      // Requests already being answered close their connection after the answer.
      for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
      // Take the connections already made (a busy loop leaves them in the kernel's queue), then
      // stop accepting, without http.Server#close's closing of idle connections.
      const backlogDeadline = Math.min(deadline, Date.now() + ACCEPT_BACKLOG_MS);
      for (let before = -1; before !== accepted && Date.now() < backlogDeadline;) {
        before = accepted;
        await pollPass();
      }
      if (server.listening) net.Server.prototype.close.call(server);
      onStopAccepting?.();
      while (connections.size > 0 && Date.now() < deadline) {
        await pollPass();
        closeQuiet();
        if (connections.size > 0) await new Promise((r) => setTimeout(r, IDLE_SWEEP_MS));
      }
      const cut = connections.size;
      for (const socket of connections.keys()) socket.destroy();
      return { cut };
    },
  };
}
