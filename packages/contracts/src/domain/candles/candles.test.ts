import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  bucketStart,
  candlesFromTicks,
  defaultCandlesFrom,
  foldTick,
  isValidCandle,
  mergeCandle,
  nextBucketStart,
  TIMEFRAMES,
  type Candle,
  type Tick,
} from './candles';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString();

describe('bucketStart', () => {
  it('puts the last second of a bucket in it and the next second in the next one', () => {
    expect(iso(bucketStart(at('2026-03-10T10:14:59Z'), '1min'))).toBe('2026-03-10T10:14:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T10:15:00Z'), '1min'))).toBe('2026-03-10T10:15:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T10:14:59.999Z'), '15min'))).toBe('2026-03-10T10:00:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T10:15:00Z'), '15min'))).toBe('2026-03-10T10:15:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T11:59:59Z'), '4h'))).toBe('2026-03-10T08:00:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T12:00:00Z'), '4h'))).toBe('2026-03-10T12:00:00.000Z');
    expect(iso(bucketStart(at('2026-03-10T23:59:59Z'), 'daily'))).toBe('2026-03-10T00:00:00.000Z');
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-03-08 is a Sunday, 2026-03-09 a Monday.
    expect(iso(bucketStart(at('2026-03-08T23:59:59Z'), 'weekly'))).toBe('2026-03-02T00:00:00.000Z');
    expect(iso(bucketStart(at('2026-03-09T00:00:00Z'), 'weekly'))).toBe('2026-03-09T00:00:00.000Z');
    expect(iso(bucketStart(at('2026-03-12T15:00:00Z'), 'weekly'))).toBe('2026-03-09T00:00:00.000Z');
    // Before the first Monday after the epoch.
    expect(iso(bucketStart(0, 'weekly'))).toBe('1969-12-29T00:00:00.000Z');
  });

  it('starts months on the first of the calendar month, leap years included', () => {
    expect(iso(bucketStart(at('2028-02-29T23:59:59Z'), 'monthly'))).toBe('2028-02-01T00:00:00.000Z');
    expect(iso(bucketStart(at('2028-03-01T00:00:00Z'), 'monthly'))).toBe('2028-03-01T00:00:00.000Z');
    expect(iso(bucketStart(at('2026-12-31T23:59:59Z'), 'monthly'))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('steps to the next bucket, months by the calendar', () => {
    expect(iso(nextBucketStart(at('2026-01-01T00:00:00Z'), 'monthly'))).toBe('2026-02-01T00:00:00.000Z');
    expect(iso(nextBucketStart(at('2026-12-01T00:00:00Z'), 'monthly'))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(nextBucketStart(at('2026-03-09T00:00:00Z'), 'weekly'))).toBe('2026-03-16T00:00:00.000Z');
    for (const tf of TIMEFRAMES) {
      const start = bucketStart(at('2026-05-17T13:37:00Z'), tf);
      expect(bucketStart(nextBucketStart(start, tf) - 1, tf)).toBe(start);
      expect(bucketStart(nextBucketStart(start, tf), tf)).toBe(nextBucketStart(start, tf));
    }
  });
});

describe('candles from ticks', () => {
  const ticks: Tick[] = [
    { time: at('2026-03-10T10:00:05Z'), price: 1.1 },
    { time: at('2026-03-10T10:00:20Z'), price: 1.3 },
    { time: at('2026-03-10T10:00:40Z'), price: 0.9 },
    { time: at('2026-03-10T10:00:59Z'), price: 1.0 },
    // the next minute starts exactly on its edge
    { time: at('2026-03-10T10:01:00Z'), price: 1.05 },
    // a gap: nothing from 10:02 to 10:04
    { time: at('2026-03-10T10:05:30Z'), price: 1.2 },
  ];

  it('opens with the first tick, closes with the last, spans the extremes', () => {
    expect(candlesFromTicks(ticks, '1min')).toEqual([
      { time: at('2026-03-10T10:00:00Z'), open: 1.1, high: 1.3, low: 0.9, close: 1.0 },
      { time: at('2026-03-10T10:01:00Z'), open: 1.05, high: 1.05, low: 1.05, close: 1.05 },
      { time: at('2026-03-10T10:05:00Z'), open: 1.2, high: 1.2, low: 1.2, close: 1.2 },
    ]);
  });

  it('leaves a gap without ticks as a gap (no invented bars)', () => {
    const times = candlesFromTicks(ticks, '1min').map((c) => iso(c.time).slice(11, 16));
    expect(times).toEqual(['10:00', '10:01', '10:05']);
  });

  it('does not depend on the order the ticks arrive in', () => {
    expect(candlesFromTicks([...ticks].reverse(), '1min')).toEqual(candlesFromTicks(ticks, '1min'));
  });

  it('skips ticks that are not numbers', () => {
    expect(candlesFromTicks([{ time: at('2026-03-10T10:00:00Z'), price: Number.NaN }, ticks[0]!], '1min')).toHaveLength(
      1,
    );
  });

  it('gives the same longer bars folded from ticks as aggregated from the 1-minute bars', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const many: Tick[] = [];
    let price = 100;
    // Three days with random gaps, crossing day, week (Mon 2026-03-09) and month edges.
    for (let t = at('2026-02-27T20:00:00Z'); t < at('2026-03-10T04:00:00Z'); t += 7 + Math.floor(random() * 400)) {
      price += random() - 0.5;
      many.push({ time: t, price });
    }
    const minutes = candlesFromTicks(many, '1min');
    for (const tf of ['15min', '4h', 'daily', 'weekly'] as const) {
      expect(aggregateCandles(minutes, tf)).toEqual(candlesFromTicks(many, tf));
    }
    // Months from days (weeks straddle months).
    expect(aggregateCandles(candlesFromTicks(many, 'daily'), 'monthly')).toEqual(candlesFromTicks(many, 'monthly'));
    expect(candlesFromTicks(many, 'monthly').map((c) => iso(c.time).slice(0, 10))).toEqual([
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(minutes.every(isValidCandle)).toBe(true);
  });
});

describe('foldTick (the live last bar)', () => {
  const base: Candle[] = [{ time: at('2026-03-10T10:00:00Z'), open: 1, high: 1.2, low: 0.8, close: 1.1 }];

  it('grows the last bar within its bucket', () => {
    expect(foldTick(base, { time: at('2026-03-10T10:00:30Z'), price: 1.5 }, '1min')).toEqual([
      { time: at('2026-03-10T10:00:00Z'), open: 1, high: 1.5, low: 0.8, close: 1.5 },
    ]);
  });

  it('starts a new bar after the edge, also after a gap', () => {
    const next = foldTick(base, { time: at('2026-03-10T10:07:00Z'), price: 0.7 }, '1min');
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({ time: at('2026-03-10T10:07:00Z'), open: 0.7, high: 0.7, low: 0.7, close: 0.7 });
  });

  it('ignores a tick older than the last bar and never changes its input', () => {
    const copy = structuredClone(base);
    expect(foldTick(base, { time: at('2026-03-10T09:59:59Z'), price: 9 }, '1min')).toEqual(base);
    foldTick(base, { time: at('2026-03-10T10:00:10Z'), price: 9 }, '1min');
    expect(base).toEqual(copy);
  });

  it('starts a series from nothing', () => {
    expect(foldTick([], { time: at('2026-03-10T10:00:10Z'), price: 2 }, '4h')).toEqual([
      { time: at('2026-03-10T08:00:00Z'), open: 2, high: 2, low: 2, close: 2 },
    ]);
  });
});

describe('mergeCandle and the default range', () => {
  it('keeps the first open and the last close', () => {
    expect(
      mergeCandle(
        { time: 0, open: 1, high: 2, low: 0.5, close: 1.5 },
        { time: 0, open: 1.5, high: 3, low: 1, close: 2.5 },
      ),
    ).toEqual({
      time: 0,
      open: 1,
      high: 3,
      low: 0.5,
      close: 2.5,
    });
  });

  it('starts a chart about 300 bars back, on a bucket edge', () => {
    const now = at('2026-03-10T10:07:13Z');
    expect(iso(defaultCandlesFrom('1min', now))).toBe('2026-03-10T05:07:00.000Z');
    expect(iso(defaultCandlesFrom('daily', now, 10))).toBe('2026-02-28T00:00:00.000Z');
  });
});
