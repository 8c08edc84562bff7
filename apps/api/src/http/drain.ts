import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

/** How often a draining server closes the keep-alive connections that have gone idle. */
const IDLE_SWEEP_MS = 100;

export interface Drain {
  /** True once a drain has begun: answers carry `Connection: close`. */
  readonly draining: boolean;
  /**
   * Stops accepting connections and lets the requests in flight answer: every answer from now on
   * carries `Connection: close`, idle keep-alive connections are closed (at once and as they go idle),
   * and this resolves when no connection is left, or after `timeoutMs`, when the rest are cut.
   * `onStopAccepting` runs once the listener is closed (live streams end there).
   */
  drain(opts: { timeoutMs: number; onStopAccepting?: () => void }): Promise<{ cut: number }>;
}

/**
 * Graceful shutdown of a Node HTTP server, beneath Fastify: Fastify's own close answers 503 to
 * requests it routes after the close began and closes connections that were accepted but whose
 * request had not been read yet; here the server keeps serving what reached it while it drains,
 * and Fastify is closed after (main.ts, app.ts).
 */
export function trackConnections(server: Server): Drain {
  const sockets = new Set<Socket>();
  const answering = new Set<ServerResponse>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Runs before Fastify's handler: an answer begun during the drain closes its connection.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader('connection', 'close');
      return;
    }
    answering.add(res);
    // 'close' follows every response, finished or cut; one shared listener (no closure per
    // request, which a long-lived stream would keep).
    res.on('close', answered);
  });
  function answered(this: ServerResponse) {
    answering.delete(this);
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
      answering.clear();
      // Connections the kernel already completed are taken before the listener closes.
      await new Promise((r) => setImmediate(r));
      // Stop accepting, without http.Server#close's closing of idle connections: a connection
      // just accepted whose request is not read yet would be reset; idle ones are swept below.
      if (server.listening) net.Server.prototype.close.call(server);
      onStopAccepting?.();
      while (sockets.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, IDLE_SWEEP_MS));
        // Destroys only connections without an answer under way.
        server.closeIdleConnections();
      }
      const cut = sockets.size;
      for (const s of sockets) s.destroy();
      return { cut };
    },
  };
}
