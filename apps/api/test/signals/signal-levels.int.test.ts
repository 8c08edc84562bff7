import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  signUp,
  signUpAdmin,
  signUpSubscriber,
  endAllAccess,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  type TestClient,
} from '../harness';

const kinds = await oneTestDbKind();

const levels = { entryPrice: 196.45, slPrice: 197.2, t0Price: 195.6, t1Price: 194.3 };
const NULL_LEVELS = { entryPrice: null, slPrice: null, t0Price: null, t1Price: null, targetPrice: null };
const FULL_LEVELS = { entryPrice: 196.45, slPrice: 197.2, t0Price: 195.6, t1Price: 194.3, targetPrice: 194.3 };

interface View {
  id: number;
  instrument: string;
  direction: string;
  status: string;
  createdAt: string;
  currentPrice: number | null;
  memo: string;
  locked: boolean;
  entryPrice: number | null;
}

/** The list over REST and over tRPC: both must be the same. */
async function bothDoors(client: TestClient): Promise<View[]> {
  const rest = await client.get('/api/signals');
  expect(rest.status).toBe(200);
  const trpc = await client.get('/trpc/signals.list');
  expect(trpc.status).toBe(200);
  expect(trpc.body.result.data).toEqual(rest.body);
  return rest.body as View[];
}

describe.each(kinds)('premium signal levels on %s', (kind) => {
  const roles = {} as { t: TestApp; admin: TestClient; user: TestClient; subscriber: TestClient };
  const ids = { active: 0, limit: 0, paused: 0, closed: 0 };

  beforeAll(async () => {
    // No price refresh during the tests: it updates open signals (and so renews the kept list).
    // The market 3 pips from the entry (the live price is public; the entry must not show through it).
    roles.t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { pinMarketEntries: false });
    roles.t.pinPrices({ GBPJPY: 196.42 });
    roles.admin = (await signUpAdmin(roles.t)).client;
    roles.user = (await signUp(roles.t)).client;
    roles.subscriber = (await signUpSubscriber(roles.t)).client;
    // Published active or limit; paused and closed are reached by the admin's actions.
    for (const status of ['active', 'limit', 'paused', 'closed'] as const) {
      const published = status === 'limit' ? 'limit' : 'active';
      const res = await roles.admin.post('/api/signals', {
        instrument: 'GBPJPY',
        direction: 'short',
        monthlyBias: 'Bearish',
        status: published,
        memo: `${status} memo`,
        ...levels,
      });
      expect(res.status).toBe(200);
      ids[status] = res.body.id;
    }
    expect((await roles.admin.put(`/api/signals/${ids.paused}`, { status: 'paused' })).status).toBe(200);
    // Closed at market.
    expect((await roles.admin.post(`/api/signals/${ids.closed}/close`, { exitPrice: 196.42 })).status).toBe(200);
  });

  afterAll(async () => roles.t?.close());

  const byId = (list: View[], id: number) => list.find((s) => s.id === id)!;

  it('gives a signed-in non-subscriber of an open signal only its id, room, instrument, publication time and that it is open, over REST and tRPC alike', async () => {
    const list = await bothDoors(roles.user);
    for (const status of ['active', 'limit', 'paused'] as const) {
      expect(byId(list, ids[status])).toEqual({
        id: ids[status],
        room: 'main',
        instrument: 'GBPJPY',
        createdAt: expect.any(String),
        // The labels' times (completed, first released) come before the content and give none of it away.
        completedAt: expect.any(String),
        releasedAt: expect.any(String),
        demo: false,
        // Who published it is shown, as its room is (the desk's own signal here: no analyst).
        author: null,
        // Which kind of open (pending, filled, paused) would tell when the entry was reached.
        status: 'open',
        locked: true,
        direction: null,
        monthlyBias: null,
        confidence: null,
        t0Hit: null,
        memo: '',
        ...NULL_LEVELS,
        // The market price moves with the trade's levels on the stream: withheld with them.
        currentPrice: null,
        result: null,
        riskPips: null,
        exitPrice: null,
        closedAt: null,
        closeReason: null,
        stopToEntry: null,
        orderType: null,
        parts: [],
        expiresAt: null,
        t0Share: null,
        openShare: null,
      });
    }
    // The open signals carry none of the levels anywhere.
    const raw = JSON.stringify(list.filter((s) => s.locked));
    for (const figure of ['196.45', '197.2', '195.6', '194.3', 'active memo', 'short', 'Bearish'])
      expect(raw).not.toContain(figure);
  });

  it('keeps a closed signal whole for a non-subscriber', async () => {
    const list = await bothDoors(roles.user);
    expect(byId(list, ids.closed)).toMatchObject({
      status: 'closed',
      memo: 'closed memo',
      locked: false,
      ...FULL_LEVELS,
    });
  });

  it('gives subscribers and administrators every level and memo', async () => {
    for (const client of [roles.subscriber, roles.admin]) {
      const list = await bothDoors(client);
      for (const status of ['active', 'limit', 'paused', 'closed'] as const) {
        expect(byId(list, ids[status])).toMatchObject({
          status,
          memo: `${status} memo`,
          locked: false,
          ...FULL_LEVELS,
        });
      }
    }
  });

  it('answers the polls of both kinds of viewer from the kept list, each with its own view', async () => {
    const misses = () => roles.t.app.server.hotReads.counts.misses;
    // Once the change notices of the signals written above have all arrived, the list is kept.
    await vi.waitFor(async () => {
      await bothDoors(roles.user);
      const kept = misses();
      await bothDoors(roles.user);
      await bothDoors(roles.subscriber);
      expect(misses()).toBe(kept);
    });
    const before = misses();
    for (let i = 0; i < 3; i++) {
      expect(byId(await bothDoors(roles.user), ids.active).locked).toBe(true);
      expect(byId(await bothDoors(roles.subscriber), ids.active).locked).toBe(false);
    }
    expect(misses()).toBe(before);

    // A new open signal (the kept list is renewed) is locked for the free account at once.
    roles.t.pinPrices({ AUDUSD: 0.6502 });
    const made = await roles.admin.post('/api/signals', {
      instrument: 'AUDUSD',
      direction: 'long',
      monthlyBias: 'Bullish',
      entryPrice: 0.65,
      slPrice: 0.64,
      t0Price: 0.66,
      t1Price: 0.67,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(byId(await bothDoors(roles.user), made.body.id)).toMatchObject({ locked: true, entryPrice: null });
    expect(byId(await bothDoors(roles.subscriber), made.body.id)).toMatchObject({ locked: false, entryPrice: 0.65 });
  });

  it('locks the levels again when a subscription ends', async () => {
    const sub = await signUpSubscriber(roles.t);
    expect(byId(await bothDoors(sub.client), ids.active).locked).toBe(false);
    await endAllAccess(roles.t, sub.id);
    await expect
      .poll(async () => byId(await bothDoors(sub.client), ids.active).entryPrice, { timeout: 5_000 })
      .toBeNull();
  });

  it('documents the nullable levels and the lock in the API document', async () => {
    const doc = (await roles.t.client().get('/api/openapi.json')).body;
    const op = doc.paths['/signals'].get;
    expect(op.description).toMatch(/Without a subscription, open signals come without their levels, memo and result/);
    const item = op.responses['200'].content['application/json'].schema.items;
    expect(item.required).toContain('locked');
    expect(JSON.stringify(item.properties.entryPrice)).toMatch(/null/);
  });
});
