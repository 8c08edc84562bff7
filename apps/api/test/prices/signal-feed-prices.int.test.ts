import { advanceSignals, type PriceMap } from '@t0/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWrites,
  signUp,
  signUpAdmin,
  signUpSubscriber,
  startTestApp,
  oneTestDbKind,
  type TestApp,
  type TestClient,
} from '../harness';
import { scriptedMarket, tickMarket } from '../fakes/market';

// Trades recorded as the market made them (prices from the feed) and targets taken in parts.
const kinds = await oneTestDbKind();

interface SignalAnswer {
  id: number;
  status: string;
  slPrice: number;
  fillPrice?: number;
  orderType: string;
  exitPrice: number | null;
  closeReason: string | null;
  t0Share: number;
  openShare: number;
  parts: Array<{ kind: string; share: number; price: number }>;
  result: { pips: number; r: number } | null;
}

describe.each(kinds)('prices from the feed and targets taken in parts on %s', (kind) => {
  const market = scriptedMarket({ GBPUSD: 1.3452, AUDUSD: 0.652, GBPJPY: 196.45, US30: 42000 });
  let t: TestApp;
  let admin: TestClient;
  let subscriber: TestClient;
  let user: TestClient;

  const tick = (next: PriceMap = {}) => tickMarket(t, market, next);
  const signal = async (id: number) =>
    ((await admin.get('/api/signals')).body as SignalAnswer[]).find((s) => s.id === id)!;
  const events = async (id: number) =>
    (await subscriber.get(`/api/signals/${id}/events`)).body as Array<{
      type: string;
      price: number | null;
      actor: string;
      data: Record<string, unknown>;
    }>;
  const publish = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/signals', { monthlyBias: 'Bullish', confidence: 80, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SignalAnswer;
  };
  const trade = async (id: number) => {
    const p = (await t.client().get('/api/performance')).body as { trades: Array<Record<string, unknown>> };
    return p.trades.find((x) => x.signalId === id);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PRICE_REFRESH_MS: '3600000' }, { ports: { prices: market.feed } });
    admin = (await signUpAdmin(t)).client;
    subscriber = (await signUpSubscriber(t)).client;
    user = (await signUp(t)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an ACTIVE signal 750 pips from the market, naming the live price and suggesting a LIMIT or STOP order', async () => {
    const res = await admin.post('/api/signals', {
      monthlyBias: 'Bearish',
      instrument: 'GBPUSD',
      direction: 'short',
      entryPrice: 1.27,
      slPrice: 1.275,
      t0Price: 1.265,
      t1Price: 1.26,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Entry 1.27 is 752 pips from the live price 1.3452 (a market signal must be within 10 pips): publish it as a LIMIT or STOP order instead',
    );
    expect(res.body.fields).toContainEqual({
      path: 'slPrice',
      code: 'invalid_value',
      message: 'The live price 1.3452 has already passed the stop 1.275',
    });
    // US30 in its own units: 15 points.
    const us30 = await admin.post('/api/signals', {
      monthlyBias: 'Bullish',
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42020,
      slPrice: 41800,
      t0Price: 42300,
      t1Price: 42600,
    });
    expect(us30.status).toBe(400);
    expect(us30.body.message).toContain(
      '20 points from the live price 42000 (a market signal must be within 15 points)',
    );
    expect((await admin.get('/api/signals')).body).toEqual([]);
  });

  it('refuses a market signal whose target the live price already passed', async () => {
    const res = await admin.post('/api/signals', {
      monthlyBias: 'Bullish',
      instrument: 'GBPUSD',
      direction: 'long',
      entryPrice: 1.3445,
      slPrice: 1.34,
      t0Price: 1.345,
      t1Price: 1.35,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      {
        path: 't0Price',
        code: 'invalid_value',
        message: 'The live price 1.3452 has already passed Take Profit 0 1.345',
      },
    ]);
  });

  it('fills a market signal at the feed price and records the feed price and time in every event', async () => {
    const s = await publish({
      instrument: 'GBPUSD',
      direction: 'long',
      entryPrice: 1.345,
      slPrice: 1.34,
      t0Price: 1.35,
      t1Price: 1.355,
    });
    const ev = await events(s.id);
    expect(ev.map((e) => [e.type, e.price])).toEqual([
      ['created', null],
      ['activated', 1.3452],
    ]);
    expect(ev[0]!.data).toMatchObject({
      entryPrice: 1.345,
      feedPrice: 1.3452,
      feedAt: expect.any(String),
      t0Share: 50,
      orderType: 'market',
    });
    expect(ev[1]!.data).toMatchObject({ feedPrice: 1.3452, feedAt: expect.any(String) });
    await admin.post(`/api/signals/${s.id}/withdraw`);
  });

  it('fills a pending order at the feed price when it reaches the entry, and at the better price on a gap', async () => {
    market.set({ AUDUSD: 0.652 });
    const touch = await publish({
      instrument: 'AUDUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 0.65,
      slPrice: 0.647,
      t0Price: 0.653,
      t1Price: 0.656,
    });
    expect(touch.orderType).toBe('limit');
    await tick({ AUDUSD: 0.6501 });
    expect((await signal(touch.id)).status).toBe('limit');
    await tick({ AUDUSD: 0.65 });
    const filled = await signal(touch.id);
    expect(filled.status).toBe('active');
    expect((await events(touch.id)).find((e) => e.type === 'activated')).toMatchObject({
      price: 0.65,
      actor: 'system',
      data: { feedPrice: 0.65 },
    });

    market.set({ GBPJPY: 196.45 });
    const gap = await publish({
      instrument: 'GBPJPY',
      direction: 'short',
      status: 'limit',
      entryPrice: 196.8,
      slPrice: 197.4,
      t0Price: 196.2,
      t1Price: 195.6,
    });
    await tick({ GBPJPY: 197.0 });
    // The market gapped through the short's entry: filled at 197.0, better than 196.8.
    expect((await events(gap.id)).find((e) => e.type === 'activated')).toMatchObject({
      price: 197,
      data: { feedPrice: 197 },
    });
    expect(await signal(gap.id)).toMatchObject({ status: 'active', result: { pips: 0, r: 0 } });
    await admin.post(`/api/signals/${touch.id}/withdraw`);
    await admin.post(`/api/signals/${gap.id}/withdraw`);
  });

  it('ends an expired pending order unfilled, not a trade', async () => {
    const s = await publish({
      instrument: 'GBPUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 1.33,
      slPrice: 1.325,
      t0Price: 1.335,
      t1Price: 1.34,
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await tick({ GBPUSD: 1.3452 });
    expect((await signal(s.id)).status).toBe('limit');
    await new Promise((r) => setTimeout(r, 1600));
    await tick({ GBPUSD: 1.3 });
    expect(await signal(s.id)).toMatchObject({
      status: 'cancelled',
      closeReason: 'expired',
      exitPrice: null,
      result: null,
    });
    expect((await events(s.id)).map((e) => e.type)).toEqual(['created', 'cancelled']);
    expect((await events(s.id)).at(-1)!.data).toMatchObject({ reason: 'expired', feedPrice: 1.3 });
    expect(await trade(s.id)).toBeUndefined();
    expect((await t.client().get('/api/performance')).body.expiredSignals).toBe(1);
    const past = await admin.post('/api/signals', {
      monthlyBias: 'Bullish',
      instrument: 'GBPUSD',
      direction: 'long',
      status: 'limit',
      entryPrice: 1.28,
      slPrice: 1.275,
      t0Price: 1.285,
      t1Price: 1.29,
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.fields[0]).toEqual({
      path: 'expiresAt',
      code: 'invalid_value',
      message: 'Expiry must be in the future',
    });
  });

  it('closes a signal beyond its stop at the tick price, with its real R', async () => {
    market.set({ GBPJPY: 196.45 });
    const s = await publish({
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.45,
      slPrice: 196.2,
      t0Price: 196.8,
      t1Price: 197.2,
    });
    // A stale feed comes back 50 pips lower: the loss is 2R, recorded as it happened.
    await tick({ GBPJPY: 195.95 });
    expect(await signal(s.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop',
      exitPrice: 195.95,
      result: { pips: -50, r: -2 },
    });
    expect(await trade(s.id)).toMatchObject({ exitKind: 'stop', exitPrice: 195.95, exitFeedPrice: 195.95, r: -2 });
  });

  it('closes the trade when a spike inside one minute touches the stop, between two polls', async () => {
    market.set({ AUDUSD: 0.652 });
    const s = await publish({
      instrument: 'AUDUSD',
      direction: 'long',
      entryPrice: 0.652,
      slPrice: 0.649,
      t0Price: 0.655,
      t1Price: 0.658,
    });
    await tick({ AUDUSD: 0.6515 });
    expect((await signal(s.id)).status).toBe('active');
    // The feed's one-minute candle after the fill dipped to 0.6488; the polled prices never did.
    const next = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
    await t.db.db
      .insertInto('candles')
      .values({
        symbol: 'AUDUSD',
        timeframe: '1min',
        source: 'live',
        bucketStart: next,
        open: 0.6515,
        high: 0.6516,
        low: 0.6488,
        close: 0.651,
      })
      .execute();
    await tick({ AUDUSD: 0.651 });
    expect(await signal(s.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop',
      exitPrice: 0.649,
      result: { pips: -30, r: -1 },
    });
  });

  it('refuses a manual close off the market, records one at market as "manual at market", and answers 503 without a live price', async () => {
    market.set({ GBPUSD: 1.3452 });
    const s = await publish({
      instrument: 'GBPUSD',
      direction: 'short',
      entryPrice: 1.3452,
      slPrice: 1.3502,
      t0Price: 1.3402,
      t1Price: 1.3352,
    });
    await tick({ GBPUSD: 1.345 });
    const off = await admin.post(`/api/signals/${s.id}/close`, { exitPrice: 1.26 });
    expect(off.status).toBe(400);
    expect(off.body.message).toMatch(/^Exit 1.26 is outside the market: the live price is 1.345 /);
    expect(off.body.fields[0].path).toBe('exitPrice');
    expect((await signal(s.id)).status).toBe('active');

    market.setDown(true);
    try {
      const down = await admin.post(`/api/signals/${s.id}/close`, {});
      expect(down.status).toBe(503);
      expect(down.body.message).toBe('No live price for GBPUSD: the price feed is unavailable, try again shortly');
      expect((await admin.post(`/api/signals/${s.id}/withdraw`)).status).toBe(503);
    } finally {
      market.setDown(false);
    }

    market.set({ GBPUSD: 1.3442 });
    const closed = await admin.post(`/api/signals/${s.id}/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
      exitPrice: 1.3442,
      result: { pips: 10, r: 0.2 },
    });
    expect((await events(s.id)).at(-1)).toMatchObject({
      type: 'closed',
      price: 1.3442,
      data: { reason: 'manual', feedPrice: 1.3442 },
    });
    expect(await trade(s.id)).toMatchObject({ exitKind: 'manual', exitFeedPrice: 1.3442 });
  });

  it("takes 50 % at T0 then stops the rest at entry: +0.5 × T0's R in the table, the record, the messages and the CSV", async () => {
    market.set({ GBPJPY: 196.45 });
    // Risk 0.50, T0 at +1.5R.
    const s = await publish({
      instrument: 'GBPJPY',
      direction: 'long',
      entryPrice: 196.45,
      slPrice: 195.95,
      t0Price: 197.2,
      t1Price: 198,
    });
    expect(s).toMatchObject({ t0Share: 50, openShare: 100, parts: [] });
    await tick({ GBPJPY: 197.25 });
    expect(await signal(s.id)).toMatchObject({
      status: 'active',
      slPrice: 196.45,
      openShare: 50,
      parts: [{ kind: 't0', share: 50, price: 197.2 }],
    });
    // Without a subscription the open signal's parts (T0's price) are withheld like its levels.
    const locked = ((await user.get('/api/signals')).body as Array<SignalAnswer & { locked: boolean }>).find(
      (x) => x.id === s.id,
    )!;
    expect(locked).toMatchObject({ locked: true, parts: [], orderType: null });
    expect(JSON.stringify(locked)).not.toMatch(/197\.2[,}\]]/);
    await tick({ GBPJPY: 196.45 });
    const closed = await signal(s.id);
    expect(closed).toMatchObject({
      status: 'closed',
      closeReason: 'breakeven',
      exitPrice: 196.45,
      openShare: 0,
      result: { pips: 37.5, r: 0.75 },
    });
    expect(await trade(s.id)).toMatchObject({
      exitKind: 'stop_at_entry',
      r: 0.75,
      pips: 37.5,
      parts: [
        { kind: 't0', share: 50, price: 197.2 },
        { kind: 'exit', share: 50, price: 196.45 },
      ],
    });
    const csv = await (await fetch(`${t.url}/api/performance.csv`)).text();
    expect(csv).toContain('50% T0 @ 197.2; 50% exit @ 196.45');
    expect(csv.split('\r\n')[0]).toMatch(/^# Hypothetical results/);
    const inbox = (await subscriber.get('/api/user/notifications')).body as Array<{
      notification: { title: string; message: string };
    }>;
    expect(inbox.find((n) => n.notification.title === 'GBPJPY LONG CLOSED: BREAK-EVEN')!.notification.message).toBe(
      'Closed at 196.450 (stop at entry): +37.5 pips, +0.75R over 2 parts.',
    );
  });

  it('closes a percent now at market and trails the stop, each an event in the chain', async () => {
    market.set({ US30: 42000 });
    const s = await publish({
      instrument: 'US30',
      direction: 'long',
      entryPrice: 42000,
      slPrice: 41800,
      t0Price: 42400,
      t1Price: 42800,
      t0Share: 25,
    });
    await tick({ US30: 42100 });
    const part = await admin.post(`/api/signals/${s.id}/close-part`, { share: 40 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      status: 'active',
      openShare: 60,
      parts: [{ kind: 'manual', share: 40, price: 42100 }],
    });
    expect((await admin.post(`/api/signals/${s.id}/close-part`, { share: 70 })).body.fields[0]).toEqual({
      path: 'share',
      code: 'invalid_value',
      message: 'Share must be more than 0 and at most the 60 % still open',
    });
    const trail = await admin.post(`/api/signals/${s.id}/trail-stop`, { slPrice: 42050 });
    expect(trail.status).toBe(200);
    expect(trail.body).toMatchObject({ slPrice: 42050 });
    expect((await admin.post(`/api/signals/${s.id}/trail-stop`, { slPrice: 42150 })).status).toBe(400);
    await tick({ US30: 42040 });
    // 40 % at +0.5R, 60 % at the trailed stop's tick price (+0.2R): +0.32R.
    expect(await signal(s.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop',
      exitPrice: 42040,
      result: { r: 0.32 },
    });
    const ev = await events(s.id);
    expect(ev.map((e) => e.type)).toEqual(['created', 'activated', 'partial_closed', 'stop_moved', 'closed']);
    expect(ev[2]).toMatchObject({ price: 42100, data: { share: 40, feedPrice: 42100 } });
    expect(ev[3]).toMatchObject({
      data: { from: 41800, to: 42050, trailed: true, typedPrice: 42050, feedPrice: 42100 },
    });
    expect(ev[4]).toMatchObject({ price: 42040, data: { share: 60 } });
  });

  it('leaves a signal alone when a slower, overlapping refresh brings an older snapshot than the price it holds', async () => {
    market.set({ AUDUSD: 0.652 });
    const s = await publish({
      instrument: 'AUDUSD',
      direction: 'long',
      entryPrice: 0.652,
      slPrice: 0.647,
      t0Price: 0.66,
      t1Price: 0.67,
    });
    const deps = { adminEmails: [], log: pino({ level: 'silent' }) };
    const at = Date.now() + 60_000;
    const refresh = (price: number, ms: number) =>
      advanceSignals(appWrites(t), { AUDUSD: price }, deps, { at: new Date(ms), source: 'live' });
    await refresh(0.654, at);
    expect(await signal(s.id)).toMatchObject({ status: 'active', result: { pips: 20, r: 0.4 } });
    const before = (await events(s.id)).length;
    // The older snapshot neither writes its price over the newer one nor stops the trade out.
    expect(await refresh(0.653, at - 1000)).toMatchObject({ priced: 0, transitions: 0 });
    expect(await refresh(0.646, at - 500)).toMatchObject({ priced: 0, transitions: 0 });
    expect(await signal(s.id)).toMatchObject({ status: 'active', result: { pips: 20, r: 0.4 } });
    expect(await events(s.id)).toHaveLength(before);
    // A snapshot as new or newer is judged as always.
    expect(await refresh(0.655, at)).toMatchObject({ priced: 1 });
    expect(await refresh(0.646, at + 1000)).toMatchObject({ transitions: 1 });
    expect(await signal(s.id)).toMatchObject({ status: 'closed', closeReason: 'stop' });
  });
});
