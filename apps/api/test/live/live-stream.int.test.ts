import { listEventsAfter, pruneEvents } from '@t0/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { createApp, type App } from '../../src/app';
import { watchPrices } from '../../src/jobs/price-watch.job';
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
import { open, StreamReader } from '../live-reader';

const kinds = await testDbKinds();

const signal = { ...VALID_SIGNAL, memo: 'Secret breakout memo' };

const BLOG_POST = {
  title: 'Live post',
  excerpt: 'Short excerpt.',
  content: 'First paragraph.',
  author: 'T0 Research Desk',
  imageUrl: 'https://images.example.com/chart.png',
};

describe.each(kinds)('the live stream on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let subscriber: TestClient;
  let free: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signUpAdmin(t)).client;
    subscriber = (await signUpSubscriber(t)).client;
    free = (await signUp(t)).client;
  });
  afterAll(async () => t?.close());

  it('answers 401 without a session and streams text/event-stream, uncompressed, unbuffered', async () => {
    expect((await t.client().get('/api/stream')).status).toBe(401);
    const r = new StreamReader(t.url, subscriber);
    await r.opened;
    expect(r.headers?.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers?.get('x-accel-buffering')).toBe('no');
    expect(r.headers?.get('content-encoding')).toBeNull();
    r.close();
    const doc = await t.client().get('/api/openapi.json');
    expect(doc.body.paths['/stream'].get.responses['200'].content).toHaveProperty('text/event-stream');
    const bad = await subscriber.request('GET', '/api/stream?lastEventId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/lastEventId/);
  });

  it('delivers a signal created through REST within 1 s, and nothing about it to a non-subscriber while it is open', async () => {
    const sub = await open(t, subscriber);
    const nonSub = await open(t, free);
    const started = Date.now();
    const res = await admin.post('/api/signals', signal);
    expect(res.status).toBe(200);
    await vi.waitFor(
      () => {
        expect(sub.of('signal.created').some((f) => f.data.id === res.body.id)).toBe(true);
      },
      { timeout: 1000, interval: 20 },
    );
    const full = sub.of('signal.created').find((f) => f.data.id === res.body.id)!;
    expect(full.at - started).toBeLessThan(1000);
    expect(full.data).toMatchObject({ memo: signal.memo, slPrice: 0.649, locked: false, room: 'main' });
    // Its publication, fill and every change are withheld: each would time a level to the tick.
    await new Promise((r) => setTimeout(r, 300));
    expect(nonSub.frames.some((f) => (f.data as { id?: number } | null)?.id === res.body.id)).toBe(false);
    expect(JSON.stringify(nonSub.frames)).not.toContain('Secret breakout memo');
    sub.close();
    nonSub.close();
  });

  it('serves the same events to the tRPC subscription live.events (SSE, tracked ids)', async () => {
    const abort = new AbortController();
    const res = await fetch(`${t.url}/trpc/live.events?input=${encodeURIComponent('{}')}`, {
      headers: { cookie: subscriber.cookieHeader, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    let text = '';
    const reading = (async () => {
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          text += new TextDecoder().decode(chunk);
      } catch {
        /* aborted */
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const created = await admin.post('/api/signals', { ...signal, memo: 'over trpc' });
    await vi.waitFor(() => expect(text).toContain('"over trpc"'), { timeout: 2000 });
    const frame = text.split('\n\n').find((f) => f.includes('"over trpc"'))!;
    const id = /^id: ?(\d+)$/m.exec(frame)?.[1];
    const data = JSON.parse(/^data: ?(.*)$/m.exec(frame)![1]!);
    expect(Number(id)).toBeGreaterThan(0);
    expect(data).toMatchObject({ type: 'signal.created', data: { id: created.body.id, locked: false } });
    abort.abort();
    await reading;
    // tRPC reports a subscription's refusal inside the stream (httpSubscriptionLink raises it).
    const anonymous = await t.client().get(`/trpc/live.events?input=${encodeURIComponent('{}')}`);
    expect(JSON.stringify(anonymous.body)).toContain('UNAUTHORIZED');
  });

  it('replays exactly the missed events in order after a cut (Last-Event-ID)', async () => {
    const first = await open(t, subscriber);
    const a = await admin.post('/api/signals', { ...signal, memo: 'A' });
    await vi.waitFor(() => expect(first.of('signal.created').some((f) => f.data.id === a.body.id)).toBe(true), {
      timeout: 2000,
    });
    const lastId = first.frames[first.frames.length - 1]!.id!;
    first.close();
    const b = await admin.post('/api/signals', { ...signal, memo: 'B' });
    const c = await admin.post('/api/signals', { ...signal, memo: 'C' });
    const expected = (await listEventsAfter(t.db.db, Number(lastId), 100)).filter(
      (e) => e.audience === 'all' || e.audience === 'subscribers',
    );
    const resumed = await open(t, subscriber, lastId);
    await vi.waitFor(() => expect(resumed.of('signal.created').map((f) => f.data.id)).toEqual([b.body.id, c.body.id]), {
      timeout: 2000,
    });
    const d = await admin.post('/api/signals', { ...signal, memo: 'D' });
    await vi.waitFor(
      () => expect(resumed.of('signal.created').map((f) => f.data.id)).toEqual([b.body.id, c.body.id, d.body.id]),
      { timeout: 2000 },
    );
    const ids = resumed.frames.map((f) => Number(f.id));
    expect(ids.slice(0, expected.length)).toEqual(expected.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    resumed.close();
  });

  it('sends resync to a stream resumed from before the kept window', async () => {
    await admin.post('/api/signals', { ...signal, memo: 'old' });
    await sql`update events set created_at = now() - interval '2 days'`.execute(t.db.db);
    await pruneEvents(t.db.db, 24 * 60 * 60 * 1000);
    await admin.post('/api/signals', { ...signal, memo: 'new' });
    const r = await open(t, subscriber, '1');
    await vi.waitFor(() => expect(r.frames[0]?.event).toBe('resync'), { timeout: 2000 });
    expect(r.frames[0]!.data).toEqual({});
    expect(r.of('signal.created')).toHaveLength(0);
    r.close();
  });

  it('carries broadcasts, unread counts from other tabs and content changes', async () => {
    const u = await signUp(t);
    const r = await open(t, u.client);
    const sent = await admin.post('/api/notifications', {
      title: 'Market closed',
      message: 'Holiday',
      type: 'info',
      priority: 'medium',
      isGlobal: true,
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      () => expect(r.of('notification.created').some((f) => f.data.notification.id === sent.body.id)).toBe(true),
      { timeout: 2000 },
    );
    // Right after the broadcast: the receiver's exact new count, as the REST count answers it.
    const before = (await u.client.get('/api/user/notifications/unread-count')).body.count;
    expect(before).toBeGreaterThan(0);
    await vi.waitFor(() => expect(r.of('unread.changed').at(-1)?.data).toEqual({ count: before }), { timeout: 2000 });
    const at = r.frames.findIndex((f) => f.event === 'notification.created' && f.data.notification.id === sent.body.id);
    expect(r.frames[at + 1]).toMatchObject({ event: 'unread.changed', id: r.frames[at]!.id });
    const items = await u.client.get('/api/user/notifications');
    const item = items.body.find((i: any) => i.notification.id === sent.body.id);
    // A broadcast's event carries its whole item, as the list answers it (one item for everyone).
    expect(r.frames[at]!.data).toEqual(item);
    const other = t.client();
    await other.post('/api/auth/login', { email: u.email, password: u.password });
    expect((await other.put(`/api/user/notifications/${item.id}/read`)).status).toBe(200);
    const count = (await u.client.get('/api/user/notifications/unread-count')).body.count;
    await vi.waitFor(() => expect(r.of('unread.changed').at(-1)?.data).toEqual({ count }), { timeout: 2000 });
    const post = await admin.post('/api/blog-posts', BLOG_POST);
    expect(post.status).toBe(200);
    await vi.waitFor(() => expect(r.of('content.changed').map((f) => f.data.kind)).toContain('blog'), {
      timeout: 2000,
    });
    r.close();
  });

  it("tells the user's stream when the subscription is activated and when it ends, and projects for the new role", async () => {
    const u = await signUp(t);
    const r = await open(t, u.client);
    const on = await t.client().post('/api/test/activate-subscription', { email: u.email, plan: 'monthly' });
    expect(on.status).toBe(200);
    await vi.waitFor(() => expect(r.of('account.changed').map((f) => f.data.hasActiveSubscription)).toEqual([true]), {
      timeout: 2000,
    });
    // The stream now projects for a subscriber: a new signal arrives with its levels and memo.
    const s1 = await admin.post('/api/signals', { ...signal, memo: 'for the new subscriber' });
    await vi.waitFor(
      () =>
        expect(r.of('signal.created').find((f) => f.data.id === s1.body.id)?.data).toMatchObject({
          locked: false,
          memo: 'for the new subscriber',
        }),
      { timeout: 2000 },
    );
    const off = await t.client().post('/api/test/deactivate-subscription', { email: u.email });
    expect(off.status).toBe(200);
    await vi.waitFor(
      () => expect(r.of('account.changed').map((f) => f.data.hasActiveSubscription)).toEqual([true, false]),
      { timeout: 2000 },
    );
    const s2 = await admin.post('/api/signals', { ...signal, memo: 'locked again' });
    // Locked again: nothing of the new open signal reaches the stream (a marker event shows the stream kept going).
    const marker = await admin.post('/api/notifications', { title: 'Marker', message: 'after s2', type: 'info' });
    expect(marker.status).toBe(200);
    await vi.waitFor(() => expect(r.of('notification.created').length).toBeGreaterThan(0), { timeout: 2000 });
    expect(r.of('signal.created').some((f) => f.data.id === s2.body.id)).toBe(false);
    // Another user's stream hears nothing of it.
    const other = await open(t, free);
    await t.client().post('/api/test/activate-subscription', { email: u.email, plan: 'monthly' });
    await vi.waitFor(() => expect(r.of('account.changed')).toHaveLength(3), { timeout: 2000 });
    expect(other.of('account.changed')).toHaveLength(0);
    r.close();
    other.close();
  });

  it('sends the exact unread count to every receiver of a broadcast, also after a resume', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const ra = await open(t, a.client);
    const rb = await open(t, b.client);
    const first = await admin.post('/api/notifications', {
      title: 'One',
      message: 'First',
      type: 'info',
      priority: 'low',
      isGlobal: true,
    });
    expect(first.status).toBe(200);
    const countA = async () => (await a.client.get('/api/user/notifications/unread-count')).body.count;
    const countB = async () => (await b.client.get('/api/user/notifications/unread-count')).body.count;
    const n1 = await countA();
    await vi.waitFor(
      () => {
        expect(ra.of('unread.changed').at(-1)?.data).toEqual({ count: n1 });
        expect(rb.of('unread.changed').at(-1)?.data).toEqual({ count: n1 });
      },
      { timeout: 2000 },
    );
    // b reads everything; the next broadcast counts 1 for b and one more for a.
    expect((await b.client.put('/api/user/notifications/read-all')).status).toBe(200);
    await vi.waitFor(() => expect(rb.of('unread.changed').at(-1)?.data).toEqual({ count: 0 }), { timeout: 2000 });
    const lastA = ra.frames.at(-1)!.id!;
    ra.close();
    const second = await admin.post('/api/notifications', {
      title: 'Two',
      message: 'Second',
      type: 'info',
      priority: 'low',
      isGlobal: true,
    });
    expect(second.status).toBe(200);
    await vi.waitFor(() => expect(rb.of('unread.changed').at(-1)?.data).toEqual({ count: 1 }), { timeout: 2000 });
    expect(await countB()).toBe(1);
    // a was away: the resumed stream replays the notification, then a's count now.
    const resumed = await open(t, a.client, lastA);
    const n2 = await countA();
    expect(n2).toBe(n1 + 1);
    await vi.waitFor(() => expect(resumed.of('unread.changed').at(-1)?.data).toEqual({ count: n2 }), { timeout: 2000 });
    expect(resumed.of('notification.created').map((f) => f.data.notification.id)).toEqual([second.body.id]);
    resumed.close();
    rb.close();
  });

  it('sends each price refresh to every stream as one prices event, and drops superseded ones after a minute', async () => {
    const sub = await open(t, subscriber);
    const nonSub = await open(t, free);
    const refresh = (prices: Record<string, number>) =>
      watchPrices({
        db: t.db,
        ports: {
          ...t.app.ports,
          prices: {
            ...t.app.ports.prices,
            latest: async () => ({ prices, source: 'live' as const, updatedAt: new Date('2026-11-23T10:00:00Z') }),
          },
        },
        log: pino({ level: 'silent' }),
        config: t.config,
      });
    // The app's own watch refreshes its simulated prices every 5 s meanwhile: the test's refresh is
    // found among the frames by what it carries, not taken to be the last one.
    const sorted = (prices: Record<string, number>) => JSON.stringify(Object.entries(prices).sort());
    const frameOf = (r: Awaited<ReturnType<typeof open>>, prices: Record<string, number>) =>
      r.of('prices').find((f) => sorted(f.data.prices as Record<string, number>) === sorted(prices));
    await refresh({ GBPUSD: 1.2345, US30: 42001 });
    const expected = { prices: { GBPUSD: 1.2345, US30: 42001 }, source: 'live', updatedAt: '2026-11-23T10:00:00.000Z' };
    await vi.waitFor(
      () => {
        expect(frameOf(sub, expected.prices)?.data).toEqual(expected);
        expect(frameOf(nonSub, expected.prices)?.data).toEqual(expected);
      },
      { timeout: 2000 },
    );
    const firstId = Number(frameOf(sub, expected.prices)!.id);
    // A minute later the next refresh replaces it in the table; the new one is kept.
    await sql`update events set created_at = now() - interval '2 minutes' where id = ${firstId}`.execute(t.db.db);
    await refresh({ GBPUSD: 1.2346 });
    await vi.waitFor(() => expect(frameOf(sub, { GBPUSD: 1.2346 })).toBeDefined(), { timeout: 2000 });
    const kept = await t.db.db.selectFrom('events').select('id').where('type', '=', 'prices').execute();
    expect(kept.map((r) => Number(r.id))).not.toContain(firstId);
    expect(kept.map((r) => Number(r.id))).toContain(Number(frameOf(sub, { GBPUSD: 1.2346 })!.id));
    sub.close();
    nonSub.close();
  });

  it('ends the stream of a device signed out by a password change elsewhere', async () => {
    const u = await signUp(t);
    const other = t.client();
    expect((await other.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    const r = await open(t, other);
    const changed = await u.client.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'N3w!Passw0rd',
    });
    expect(changed.status).toBe(200);
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000 });
    expect(r.of('session.ended')).toHaveLength(1);
  });

  it("closes a user's oldest stream past 10", async () => {
    const u = await signUp(t);
    const streams: StreamReader[] = [];
    for (let i = 0; i < 11; i++) streams.push(await open(t, u.client));
    await vi.waitFor(() => expect(streams[0]!.ended).toBe(true), { timeout: 2000 });
    expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
    streams.forEach((s) => s.close());
  });

  it('ends open streams at shutdown so the server closes promptly', async () => {
    const other = await startTestApp(kind);
    const u = await signUp(other);
    const r = await open(other, u.client);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await vi.waitFor(() => expect(r.ended).toBe(true), { timeout: 2000 });
  });
});

describe.runIf(kinds.includes('pg'))('the live stream across API processes', () => {
  let t: TestApp;
  let second: App;
  let secondUrl: string;
  beforeAll(async () => {
    t = await startTestApp('pg');
    second = await createApp(t.config, { db: t.db, logger: false });
    secondUrl = await second.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('delivers a signal created on one process to a stream on another within 1 s', async () => {
    const admin = (await signUpAdmin(t)).client;
    const sub = (await signUpSubscriber(t)).client;
    const r = await open({ url: secondUrl }, sub);
    const res = await admin.post('/api/signals', signal);
    await vi.waitFor(() => expect(r.of('signal.created').some((f) => f.data.id === res.body.id)).toBe(true), {
      timeout: 1000,
      interval: 20,
    });
    r.close();
  });

  it('answers 503 past the per-process cap', async () => {
    const capped = await createApp({ ...t.config, liveMaxStreams: 1 }, { db: t.db, logger: false });
    const url = await capped.server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const u = (await signUp(t)).client;
      const r = await open({ url }, u);
      const res = await fetch(url + '/api/stream', { headers: { cookie: u.cookieHeader } });
      expect(res.status).toBe(503);
      expect((await res.json()).message).toMatch(/Too many open live streams/);
      r.close();
    } finally {
      await capped.close();
    }
  });
});
