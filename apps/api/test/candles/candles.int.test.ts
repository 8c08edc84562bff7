import { bucketStart, isValidCandle, TIMEFRAMES, type Candle, type PriceSymbol } from '@t0/contracts';
import {
  countCandles,
  foldPrices,
  insertHistory,
  listCandles,
  PriceFeedUnavailableError,
  type PriceFeed,
  type PriceHistoryRequest,
} from '@t0/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candlesStep } from '../../src/jobs/price-steps/candles';
import { signUp, startTestApp, testDbKinds, type TestApp, type TestClient } from '../harness';

const kinds = await testDbKinds();
const iso = (s: number) => new Date(s * 1000).toISOString();
const HOUR = 3600;
const DAY = 24 * HOUR;

/** A vendor feed that has no live prices (so the app's own price job stores nothing) but has history. */
function historyOnlyFeed(history: (r: PriceHistoryRequest) => Partial<Record<PriceSymbol, Candle[]>>) {
  const calls: PriceHistoryRequest[] = [];
  const feed: PriceFeed = {
    source: 'live',
    async latest() {
      throw new PriceFeedUnavailableError('no live prices in this test');
    },
    async history(request) {
      calls.push(request);
      return history(request);
    },
  };
  return { feed, calls };
}

/** What the price job hands a step; `restarted` stands for another process (its own in-memory state). */
function stepDeps(t: TestApp, restarted = false) {
  return {
    db: restarted ? { ...t.db } : t.db,
    ports: t.app.ports,
    log: { info() {}, warn() {}, error() {} },
    config: t.config,
  };
}

describe.each(kinds)('candles on %s', (kind) => {
  describe('GET /api/candles', () => {
    let t: TestApp;
    let user: TestClient;
    beforeAll(async () => {
      t = await startTestApp(kind, { PRICE_REFRESH_MS: '1000' });
      user = (await signUp(t)).client;
    });
    afterAll(async () => t?.close());

    it('needs a signed-in user', async () => {
      const res = await t.client().get('/api/candles?symbol=AUDUSD&timeframe=1min');
      expect(res.status).toBe(401);
    });

    it('answers 400 naming an unknown symbol or timeframe, on both front doors', async () => {
      const sym = await user.get('/api/candles?symbol=EURUSD&timeframe=1min');
      expect(sym.status).toBe(400);
      expect(sym.body.message).toBe('Unknown symbol "EURUSD": use one of AUDUSD, GBPJPY, GBPUSD, US30, BTCUSD, XAUUSD');
      const tf = await user.get('/api/candles?symbol=AUDUSD&timeframe=2h');
      expect(tf.status).toBe(400);
      expect(tf.body.message).toBe('Unknown timeframe "2h": use one of 1min, 15min, 4h, daily, weekly, monthly');
      const trpc = await user.get(
        `/trpc/candles.list?input=${encodeURIComponent(JSON.stringify({ symbol: 'DOGE', timeframe: '4h' }))}`,
      );
      expect(trpc.status).toBe(400);
      expect(trpc.body.error.message).toContain('Unknown symbol "DOGE"');
    });

    it('answers 400 for a missing symbol or timeframe and a start that is not a time', async () => {
      expect((await user.get('/api/candles?timeframe=1min')).body.message).toBe('symbol is required');
      expect((await user.get('/api/candles?symbol=AUDUSD')).body.message).toBe('timeframe is required');
      const from = await user.get('/api/candles?symbol=AUDUSD&timeframe=1min&from=yesterday');
      expect(from.status).toBe(400);
      expect(from.body.message).toBe('from must be a date-time or Unix seconds');
    });

    it('serves the bars the price watcher folds from the simulated feed, names any case', async () => {
      let body: { symbol: string; timeframe: string; source: string; candles: Candle[] } | undefined;
      await vi.waitFor(
        async () => {
          const res = await user.get('/api/candles?symbol=audusd&timeframe=1MIN');
          expect(res.status).toBe(200);
          expect(res.body.candles.length).toBeGreaterThan(0);
          body = res.body;
        },
        { timeout: 30_000, interval: 500 },
      );
      expect(body).toMatchObject({ symbol: 'AUDUSD', timeframe: '1min', source: 'simulated' });
      for (const c of body!.candles) {
        expect(Object.keys(c).sort()).toEqual(['close', 'high', 'low', 'open', 'time']);
        expect(c.time % 60).toBe(0);
        expect(isValidCandle(c)).toBe(true);
      }
      // The same refreshes are in every longer timeframe.
      for (const tf of TIMEFRAMES) {
        const res = await user.get(`/api/candles?symbol=AUDUSD&timeframe=${tf}`);
        expect(res.body.candles.length, tf).toBeGreaterThan(0);
      }
    });
  });

  describe('folding refreshes into bars', () => {
    let t: TestApp;
    let user: TestClient;
    beforeAll(async () => {
      t = await startTestApp(kind, {}, { ports: { prices: historyOnlyFeed(() => ({})).feed } });
      user = (await signUp(t)).client;
    });
    afterAll(async () => t?.close());

    it('starts, grows and closes bars across minute, day and month edges, leaving gaps as gaps', async () => {
      // 2026-09-30 23:59 → 2026-10-01 00:03 UTC: a minute, 15-minute, 4-hour, day and month edge (not a week edge).
      const edge = Date.parse('2026-10-01T00:00:00Z') / 1000;
      const refreshes: [number, number][] = [
        [edge - 50, 0.65],
        [edge - 30, 0.66],
        [edge - 2, 0.645],
        [edge, 0.64], // exactly on the edge: the new bar
        [edge + 40, 0.641],
        [edge + 210, 0.655], // nothing at 00:01 and 00:02
      ];
      for (const [time, price] of refreshes)
        await foldPrices(t.db.db, 'live', new Date(time * 1000), { AUDUSD: price, GBPJPY: 196 + price });

      const minutes = (await user.get(`/api/candles?symbol=AUDUSD&timeframe=1min&from=${edge - 60}`)).body
        .candles as Candle[];
      expect(minutes).toEqual([
        { time: edge - 60, open: 0.65, high: 0.66, low: 0.645, close: 0.645 },
        { time: edge, open: 0.64, high: 0.641, low: 0.64, close: 0.641 },
        { time: edge + 180, open: 0.655, high: 0.655, low: 0.655, close: 0.655 },
      ]);
      const days = (await user.get(`/api/candles?symbol=AUDUSD&timeframe=daily&from=${iso(edge - DAY)}`)).body
        .candles as Candle[];
      expect(days).toEqual([
        { time: edge - DAY, open: 0.65, high: 0.66, low: 0.645, close: 0.645 },
        { time: edge, open: 0.64, high: 0.655, low: 0.64, close: 0.655 },
      ]);
      const months = (await user.get(`/api/candles?symbol=AUDUSD&timeframe=monthly&from=2026-09-01T00:00:00Z`)).body
        .candles as Candle[];
      expect(months.map((c) => iso(c.time).slice(0, 10))).toEqual(['2026-09-01', '2026-10-01']);
      const weeks = (await user.get(`/api/candles?symbol=AUDUSD&timeframe=weekly&from=2026-09-01T00:00:00Z`)).body
        .candles as Candle[];
      // 2026-09-28 is a Monday: the whole run is one week.
      expect(weeks).toEqual([
        { time: Date.parse('2026-09-28T00:00:00Z') / 1000, open: 0.65, high: 0.66, low: 0.64, close: 0.655 },
      ]);
      // Each symbol keeps its own bars.
      const jpy = (await user.get(`/api/candles?symbol=GBPJPY&timeframe=4h&from=${edge - DAY}`)).body
        .candles as Candle[];
      expect(jpy.map((c) => c.close)).toEqual([196.645, 196.655]);
    });

    it('answers the latest 2000 bars of a longer range, oldest first', async () => {
      const start = bucketStart(Date.parse('2026-06-01T00:00:00Z') / 1000, '1min');
      const bars = Array.from({ length: 2100 }, (_, i) => ({
        time: start + i * 60,
        open: 3000 + i,
        high: 3000 + i,
        low: 3000 + i,
        close: 3000 + i,
      }));
      expect(await insertHistory(t.db.db, 'live', 'XAUUSD', '1min', bars)).toBe(2100);
      const res = await user.get(`/api/candles?symbol=XAUUSD&timeframe=1min&from=${start}`);
      expect(res.body.candles).toHaveLength(2000);
      expect(res.body.candles[0].close).toBe(3100);
      expect(res.body.candles.at(-1).close).toBe(5099);
    });
  });

  describe('history and retention', () => {
    let t: TestApp;
    const now = Math.floor(Date.now() / 1000);
    const fake = historyOnlyFeed(({ symbols, timeframe }) =>
      Object.fromEntries(
        symbols.map((s) => [
          s,
          [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => ({
            time: bucketStart(now - (12 - i) * DAY * 40, timeframe),
            open: 1,
            high: 2,
            low: 0.5,
            close: 1.5,
          })),
        ]),
      ),
    );
    beforeAll(async () => {
      t = await startTestApp(kind, { PRICE_HISTORY: 'true' }, { ports: { prices: fake.feed } });
    });
    afterAll(async () => t?.close());
    const candlesAnnounced = async () =>
      (
        await t.db.db
          .selectFrom('events')
          .select(['payload', 'audience'])
          .where('type', '=', 'content.changed')
          .orderBy('id')
          .execute()
      )
        .map((e) => ({ kind: (e.payload as { kind?: string }).kind, audience: e.audience }))
        .filter((e) => e.kind === 'candles');

    it('fills the history a first start lacks, once per timeframe for all symbols, and keeps bars built from live prices', async () => {
      // A live bar already stored in the newest history bucket of AUDUSD's days is kept as it is.
      const liveBucket = bucketStart(now - DAY * 40, 'daily');
      await foldPrices(t.db.db, 'live', new Date(liveBucket * 1000), { AUDUSD: 7 });
      await candlesStep.run(
        { prices: { AUDUSD: 0.65, GBPJPY: 196 }, source: 'live', updatedAt: new Date() },
        stepDeps(t),
      );
      expect(fake.calls.map((c) => [c.timeframe, c.symbols.join()])).toEqual(
        TIMEFRAMES.map((tf) => [tf, 'AUDUSD,GBPJPY']),
      );
      const counts = await countCandles(t.db.db, 'live');
      // 12 history bars (fewer where they share a bucket) plus the refresh just folded in.
      expect(counts.get('GBPJPY/monthly')).toBeGreaterThanOrEqual(12);
      const kept = await listCandles(t.db.db, {
        symbol: 'AUDUSD',
        timeframe: 'daily',
        source: 'live',
        from: liveBucket,
        limit: 5000,
      });
      expect(kept.find((c) => c.time === liveBucket)).toMatchObject({ open: 7, high: 7, low: 7, close: 7 });
      // Open charts are told on the live stream to read their bars again.
      expect(await candlesAnnounced()).toEqual([{ kind: 'candles', audience: 'all' }]);

      // The next refresh asks for nothing more and announces nothing.
      await candlesStep.run(
        { prices: { AUDUSD: 0.65, GBPJPY: 196 }, source: 'live', updatedAt: new Date() },
        stepDeps(t),
      );
      expect(fake.calls).toHaveLength(TIMEFRAMES.length);
      expect(await candlesAnnounced()).toHaveLength(1);
    });

    it('prunes old short bars once an hour per process and keeps days, weeks and months', async () => {
      await candlesStep.run({ prices: { AUDUSD: 0.65 }, source: 'live', updatedAt: new Date() }, stepDeps(t, true));
      const old = now - 400 * DAY;
      const left = await countCandles(t.db.db, 'live');
      // The fake history reached 480 days back: minutes kept 7 days, quarter hours 120, 4 h three years.
      const oldest = async (tf: (typeof TIMEFRAMES)[number]) =>
        (await listCandles(t.db.db, { symbol: 'GBPJPY', timeframe: tf, source: 'live', from: 0, limit: 5000 }))[0]!
          .time;
      expect(await oldest('1min')).toBeGreaterThanOrEqual(now - 7 * DAY - 60);
      expect(await oldest('15min')).toBeGreaterThanOrEqual(now - 120 * DAY - 900);
      expect(await oldest('daily')).toBeLessThan(old);
      expect(await oldest('monthly')).toBeLessThan(old);
      // Twelve history bars 40 days apart (all within three years) and the refresh folded in.
      expect(left.get('GBPJPY/4h')).toBe(13);
    });
  });

  describe('the simulated feed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { PRICE_HISTORY: 'true', PRICE_REFRESH_MS: '600000' });
    });
    afterAll(async () => t?.close());

    it('fills a plausible history ending at the live price, and carries on from its last price after a restart', async () => {
      const user = (await signUp(t)).client;
      await vi.waitFor(
        async () => expect((await countCandles(t.db.db, 'simulated')).get('US30/monthly')).toBeGreaterThan(50),
        { timeout: 60_000, interval: 500 },
      );
      const counts = await countCandles(t.db.db, 'simulated');
      for (const tf of TIMEFRAMES) expect(counts.get(`AUDUSD/${tf}`), tf).toBeGreaterThan(50);
      const live = (await user.get('/api/live-prices')).body;
      const days = (await user.get('/api/candles?symbol=US30&timeframe=daily')).body.candles as Candle[];
      expect(days.length).toBeGreaterThanOrEqual(300);
      expect(days.every(isValidCandle)).toBe(true);
      // Plausible: within half of today's price over the whole span, moving every day.
      for (const c of days) expect(Math.abs(c.close / live.US30 - 1)).toBeLessThan(0.5);
      expect(new Set(days.map((c) => c.close)).size).toBeGreaterThan(days.length * 0.9);
      const weeks = (await user.get('/api/candles?symbol=AUDUSD&timeframe=weekly')).body.candles as Candle[];
      expect(weeks.every((c) => new Date(c.time * 1000).getUTCDay() === 1)).toBe(true);
      const minutes = (await user.get('/api/candles?symbol=GBPJPY&timeframe=1min')).body.candles as Candle[];
      expect(minutes.at(-1)!.close).toBe(live.GBPJPY);

      // A restart: the walk begins at the defaults again; the first refresh instead resumes it from
      // the stored closes and is itself left out of the bars.
      const before = await listCandles(t.db.db, {
        symbol: 'GBPJPY',
        timeframe: '1min',
        source: 'simulated',
        from: 0,
        limit: 1,
      });
      const resume = vi.spyOn(t.app.ports.prices, 'resume');
      await candlesStep.run({ prices: { GBPJPY: 150 }, source: 'simulated', updatedAt: new Date() }, stepDeps(t, true));
      expect(resume).toHaveBeenCalledWith(expect.objectContaining({ GBPJPY: before[0]!.close }));
      expect(
        await listCandles(t.db.db, { symbol: 'GBPJPY', timeframe: '1min', source: 'simulated', from: 0, limit: 1 }),
      ).toEqual(before);
    });
  });
});
