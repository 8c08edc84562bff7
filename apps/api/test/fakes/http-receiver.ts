import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP receiver standing in for webhook endpoints and Discord: it records every request.

export interface Received {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP receiver: records every request; `answer` decides the reply per path. */
export async function receiver(
  answer: (
    path: string,
    count: number,
  ) => { status: number; body?: unknown; headers?: Record<string, string> } = () => ({ status: 200 }),
) {
  const got: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      got.push({ path, at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answer(path, got.filter((g) => g.path === path).length);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body === undefined ? '{}' : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    on: (path: string) => got.filter((g) => g.path === path),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
