import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  testDbKinds,
  type TestApp,
  type TestClient,
  VALID_SIGNAL,
} from '../harness';
import { open } from '../live-reader';

const kinds = await testDbKinds();

/** Every chunk the server writes to its sockets from now on (the server's side of real connections). */
function recordWrites(t: TestApp): { chunk: unknown; socket: net.Socket }[] {
  const writes: { chunk: unknown; socket: net.Socket }[] = [];
  t.app.server.server.on('connection', (socket: net.Socket) => {
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      writes.push({ chunk, socket });
      return write(chunk, ...rest);
    }) as typeof socket.write;
  });
  return writes;
}

const text = (chunk: unknown) => (Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));

/** A GET /api/stream on a raw socket (its HTTP version chosen), its bytes as they come. */
function rawStream(t: TestApp, client: TestClient, version = '1.1') {
  const socket = net.connect({ port: Number(new URL(t.url).port), host: '127.0.0.1' });
  const s = { socket, received: '' };
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (s.received += d));
  socket.on('error', () => {});
  socket.write(
    `GET /api/stream HTTP/${version}\r\nHost: 127.0.0.1\r\nCookie: ${client.cookieHeader}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  return s;
}

describe.each(kinds)('the fan-out of live events on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let writes: { chunk: unknown; socket: net.Socket }[];
  beforeAll(async () => {
    // A long drain limit: the client that stops reading reads again before it (on a loaded machine too).
    t = await startTestApp(kind, {}, { config: { liveDrainTimeoutMs: 120_000 } });
    // Before any connection is made (the test clients keep theirs open and reuse them).
    writes = recordWrites(t);
    admin = (await signUpAdmin(t)).client;
  });
  afterAll(async () => t?.close());
  // Each test counts the writes to its own streams only.
  beforeEach(async () => {
    await vi.waitFor(() => expect(t.app.server.liveHub.size).toBe(0), { timeout: 5000 });
  });

  it('writes a broadcast and its unread count to every stream as one shared Buffer per count, once per stream', async () => {
    const [a, b, c] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    expect(
      (
        await admin.post('/api/notifications', {
          title: 'First',
          message: 'One',
          type: 'info',
          priority: 'low',
          isGlobal: true,
        })
      ).status,
    ).toBe(200);
    // c has read everything: after the next broadcast c counts 1, a and b one more.
    expect((await c.client.put('/api/user/notifications/read-all')).status).toBe(200);
    const countA = (await a.client.get('/api/user/notifications/unread-count')).body.count as number;
    const streams = [
      await open(t, a.client),
      await open(t, a.client),
      await open(t, b.client),
      await open(t, b.client),
      await open(t, c.client),
      await open(t, c.client),
    ];
    const sent = await admin.post('/api/notifications', {
      title: 'Second fan-out',
      message: 'Two',
      type: 'info',
      priority: 'low',
      isGlobal: true,
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      () => {
        for (const [i, r] of streams.entries())
          expect(r.of('unread.changed').at(-1)?.data).toEqual({ count: i < 4 ? countA + 1 : 1 });
      },
      { timeout: 10000, interval: 20 },
    );
    const carried = writes.filter(
      (w) =>
        text(w.chunk).includes('event: notification.created') && text(w.chunk).includes('"title":"Second fan-out"'),
    );
    // One write per stream, each the notification and its count together.
    expect(carried).toHaveLength(6);
    expect(new Set(carried.map((w) => w.socket)).size).toBe(6);
    expect(
      carried.every(
        (w) =>
          Buffer.isBuffer(w.chunk) && /event: notification\.created[\s\S]*event: unread\.changed/.test(text(w.chunk)),
      ),
    ).toBe(true);
    // Serialised once per count, not once per stream: the same Buffer object.
    const more = carried.filter((w) => text(w.chunk).includes(`{"count":${countA + 1}}`));
    const one = carried.filter((w) => text(w.chunk).includes('{"count":1}'));
    expect(more).toHaveLength(4);
    expect(one).toHaveLength(2);
    expect(new Set(more.map((w) => w.chunk)).size).toBe(1);
    expect(new Set(one.map((w) => w.chunk)).size).toBe(1);
    streams.forEach((r) => r.close());
  });

  it('writes a signal as one Buffer to all its readers, and nothing of it to the others while it is open', async () => {
    const subs = await Promise.all([signUpSubscriber(t), signUpSubscriber(t)]);
    const frees = await Promise.all([signUp(t), signUp(t)]);
    const streams = await Promise.all([...subs, ...frees].map((u) => open(t, u.client)));
    try {
      const created = await admin.post('/api/signals', { ...VALID_SIGNAL, memo: 'fan-out memo' });
      expect(created.status).toBe(200);
      await vi.waitFor(
        () => {
          for (const r of streams.slice(0, 2))
            expect(r.of('signal.created').some((f) => f.data.id === created.body.id)).toBe(true);
        },
        { timeout: 10000, interval: 20 },
      );
      // An event for everyone written after it reaches the free accounts; the signal does not.
      await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: 'after-fan-out' })})`.execute(
        t.db.db,
      );
      await vi.waitFor(
        () => {
          for (const r of streams.slice(2))
            expect(r.of('content.changed').map((f) => f.data.kind)).toContain('after-fan-out');
        },
        { timeout: 10000, interval: 20 },
      );
      for (const r of streams.slice(2))
        expect(r.of('signal.created').some((f) => f.data.id === created.body.id)).toBe(false);
      const carried = writes.filter(
        (w) => text(w.chunk).includes('event: signal.created') && text(w.chunk).includes(`"id":${created.body.id},`),
      );
      expect(carried).toHaveLength(2);
      expect(carried.every((w) => Buffer.isBuffer(w.chunk) && text(w.chunk).includes('fan-out memo'))).toBe(true);
      expect(new Set(carried.map((w) => w.chunk)).size).toBe(1);
    } finally {
      streams.forEach((r) => r.close());
    }
  });

  it('holds no one up for a client that stops reading, and gives that client every frame in order once it reads again', async () => {
    const slowUser = await signUp(t);
    const fast = await open(t, (await signUp(t)).client);
    const slow = rawStream(t, slowUser.client);
    await vi.waitFor(() => expect(slow.received).toContain('retry:'), { timeout: 10000 });
    slow.socket.pause();
    let maxUnsent = 0;
    const sample = setInterval(() => {
      for (const n of t.app.server.liveStreamBuffers()) maxUnsent = Math.max(maxUnsent, n);
    }, 5);
    try {
      /** For frames the fast stream lacks: whether the server wrote them to its socket, and whether they are stored. */
      async function whereFramesWent(got: number[]): Promise<string> {
        const missing = [...Array(48).keys()].filter((k) => !got.includes(k));
        const stored = await sql<{
          id: string;
          i: string;
        }>`select id, payload->>'i' as i from events where type = 'content.changed'`.execute(t.db.db);
        return missing
          .map((k) => {
            const written = writes.filter(
              (w) => w.socket.remotePort !== slow.socket.localPort && new RegExp(`"i":${k}[,}]`).test(text(w.chunk)),
            ).length;
            const row = stored.rows.find((r) => Number(r.i) === k);
            return `frame ${k}: event ${row ? row.id : 'not stored'}, written to the other streams' sockets ${written} time(s); hub ${JSON.stringify(t.app.server.liveHub.counts)}`;
          })
          .join('\n');
      }
      // 24 MB of events: more than the sockets on both sides hold, so the slow stream's frames wait.
      const blob = 'x'.repeat(512 * 1024);
      for (let i = 0; i < 48; i++) {
        await sql`insert into events (type, audience, payload) values ('content.changed', 'all', ${JSON.stringify({ kind: 'blog', blob, i })})`.execute(
          t.db.db,
        );
      }
      await vi
        .waitFor(() => expect(fast.of('content.changed').map((f) => f.data.i)).toEqual([...Array(48).keys()]), {
          timeout: 30000,
          interval: 20,
        })
        .catch(async (err: Error) => {
          throw new Error(`${err.message}\n${await whereFramesWent(fast.of('content.changed').map((f) => f.data.i))}`);
        });
      expect(maxUnsent).toBeGreaterThan(0);
      // Well before the drain limit the client reads again: everything arrives, in order, once.
      slow.socket.resume();
      await vi.waitFor(
        () => expect([...slow.received.matchAll(/"i":(\d+)/g)].map((m) => Number(m[1]))).toEqual([...Array(48).keys()]),
        { timeout: 30000, interval: 50 },
      );
      expect(slow.socket.destroyed).toBe(false);
    } finally {
      clearInterval(sample);
      slow.socket.destroy();
      fast.close();
    }
  }, 120_000);

  it('sends an HTTP/1.0 client its frames unchunked, ending with the connection', async () => {
    const u = await signUp(t);
    const s = rawStream(t, u.client, '1.0');
    await vi.waitFor(() => expect(s.received).toContain('retry:'), { timeout: 10000 });
    expect(s.received).not.toMatch(/transfer-encoding: chunked/i);
    const post = await admin.post('/api/notifications', {
      title: 'Old client',
      message: 'HTTP/1.0',
      type: 'info',
      priority: 'low',
      isGlobal: true,
    });
    expect(post.status).toBe(200);
    await vi.waitFor(() => expect(s.received).toContain('event: unread.changed'), { timeout: 3000, interval: 20 });
    const body = s.received.slice(s.received.indexOf('\r\n\r\n') + 4).replaceAll(': ping\n\n', '');
    // Nothing but whole SSE frames (a prices frame may fall in between): no chunk sizes between them.
    expect(body).toMatch(/^retry: 2000\n\n(id: \d+\nevent: [a-z.]+\ndata: .*\n\n)+$/);
    const names = [...body.matchAll(/^event: (.+)$/gm)].map((m) => m[1]).filter((n) => n !== 'prices');
    expect(names).toEqual(['notification.created', 'unread.changed']);
    s.socket.destroy();
  });
});
