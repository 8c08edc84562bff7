import { isValidCandle, PRICE_SYMBOLS, TIMEFRAMES } from '@t0/contracts';
import { PriceFeedUnavailableError, SetupRequiredError } from '@t0/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { historyTicks, simulatedHistory } from '../../src/adapters/price-feeds/simulated-history';
import { createSimulatedSource } from '../../src/adapters/price-feeds/simulated';
import { createTwelveDataSource } from '../../src/adapters/price-feeds/twelvedata';

const VENDOR = 'https://history.vendor.test';
const vendor = setupServer();
let lastQuery: URLSearchParams | undefined;
beforeAll(() => vendor.listen({ onUnhandledRequest: 'error' }));
afterEach(() => vendor.resetHandlers());
afterAll(() => vendor.close());

function answer(body: unknown, status = 200) {
  vendor.use(
    http.get(`${VENDOR}/time_series`, ({ request }) => {
      lastQuery = new URL(request.url).searchParams;
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
}

const until = new Date('2026-03-10T12:00:00Z');
const series = (values: Array<[string, number, number, number, number]>) => ({
  meta: { interval: '1day' },
  status: 'ok',
  values: values.map(([datetime, open, high, low, close]) => ({
    datetime,
    open: String(open),
    high: String(high),
    low: String(low),
    close: String(close),
  })),
});

describe('Twelve Data history', () => {
  const feed = createTwelveDataSource({ key: 'k', url: VENDOR });

  it('asks for several symbols in one UTC request and reads each series', async () => {
    answer({
      'AUD/USD': series([
        ['2026-03-09', 0.65, 0.66, 0.64, 0.655],
        ['2026-03-10', 0.655, 0.657, 0.65, 0.652],
      ]),
      'GBP/JPY': series([['2026-03-10', 196, 197, 195, 196.5]]),
    });
    const out = await feed.history!({ symbols: ['AUDUSD', 'GBPJPY'], timeframe: 'daily', until });
    expect(lastQuery?.get('symbol')).toBe('AUD/USD,GBP/JPY');
    expect(lastQuery?.get('interval')).toBe('1day');
    expect(lastQuery?.get('timezone')).toBe('UTC');
    expect(lastQuery?.get('order')).toBe('ASC');
    expect(Number(lastQuery?.get('outputsize'))).toBe(548);
    expect(out.AUDUSD).toEqual([
      { time: Date.parse('2026-03-09T00:00:00Z') / 1000, open: 0.65, high: 0.66, low: 0.64, close: 0.655 },
      { time: Date.parse('2026-03-10T00:00:00Z') / 1000, open: 0.655, high: 0.657, low: 0.65, close: 0.652 },
    ]);
    expect(out.GBPJPY).toHaveLength(1);
  });

  it('reads a one-symbol answer, drops broken bars and merges bars onto our week edges', async () => {
    answer(
      series([
        ['2026-03-08 00:00:00', 1, 2, 0.5, 1.5], // a Sunday: belongs to the week of Monday 2 March
        ['2026-03-09 00:00:00', 1.5, 1.8, 1.2, 1.6],
        ['2026-03-10 00:00:00', 1.6, 1.0, 1.7, 1.65], // high below low: dropped
        ['not a date', 1, 1, 1, 1],
      ]),
    );
    const out = await feed.history!({ symbols: ['US30'], timeframe: 'weekly', until });
    expect(out.US30).toEqual([
      { time: Date.parse('2026-03-02T00:00:00Z') / 1000, open: 1, high: 2, low: 0.5, close: 1.5 },
      { time: Date.parse('2026-03-09T00:00:00Z') / 1000, open: 1.5, high: 1.8, low: 1.2, close: 1.6 },
    ]);
  });

  it('fails clearly on a rate limit and asks for setup on a refused key', async () => {
    answer({ status: 'error', code: 429, message: 'run out of API credits' });
    await expect(feed.history!({ symbols: ['AUDUSD'], timeframe: '1min', until })).rejects.toBeInstanceOf(
      PriceFeedUnavailableError,
    );
    answer({ status: 'error', code: 401, message: 'bad key' }, 401);
    await expect(feed.history!({ symbols: ['AUDUSD'], timeframe: '1min', until })).rejects.toBeInstanceOf(
      SetupRequiredError,
    );
    await expect(
      createTwelveDataSource({ url: VENDOR }).history!({ symbols: ['AUDUSD'], timeframe: '1min', until }),
    ).rejects.toBeInstanceOf(SetupRequiredError);
  });
});

describe('the simulated feed’s history', () => {
  it('ends exactly at the live price and is the same walk every time for a symbol', () => {
    const end = Date.parse('2026-03-10T12:00:07Z') / 1000;
    const ticks = historyTicks('AUDUSD', end, 0.65169);
    expect(ticks.at(-1)).toEqual({ time: end, price: 0.65169 });
    expect(ticks.every((t, i) => i === 0 || ticks[i - 1]!.time < t.time)).toBe(true);
    expect(historyTicks('AUDUSD', end, 0.65169)).toEqual(ticks);
  });

  it('gives every timeframe whole, valid bars over a little more than a chart’s 300', () => {
    const h = simulatedHistory('GBPJPY', new Date('2026-03-10T12:00:07Z'), 196.122);
    expect(Object.fromEntries(TIMEFRAMES.map((tf) => [tf, h[tf].length]))).toEqual({
      '1min': 360,
      '15min': 480,
      '4h': 540,
      daily: 548,
      weekly: 261,
      monthly: 60,
    });
    for (const tf of TIMEFRAMES) {
      expect(h[tf].every(isValidCandle), tf).toBe(true);
      // Bars move: no flat bars of a single tick.
      expect(h[tf].filter((c) => c.high === c.low).length, tf).toBeLessThan(h[tf].length * 0.02);
    }
    expect(h['1min'].at(-1)!.close).toBe(196.122);
    expect(h.daily.at(-1)!.close).toBe(196.122);
  });

  it('answers the history from the source, ending at the walk’s current price', async () => {
    const src = createSimulatedSource();
    const now = await src.fetch();
    const out = await src.history!({ symbols: [...PRICE_SYMBOLS], timeframe: '15min', until: new Date() });
    for (const s of PRICE_SYMBOLS) expect(out[s]!.at(-1)!.close).toBe(now[s]);
  });

  it('resumes from given prices', async () => {
    const src = createSimulatedSource(() => 0.5);
    src.resume!({ US30: 40000 });
    const next = await src.fetch();
    expect(Math.abs(next.US30! / 40000 - 1)).toBeLessThan(0.001);
  });
});
