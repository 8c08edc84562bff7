// Candles: how price ticks fold into OHLC bars, and how bars fold into longer ones. One set of rules
// for the server's price step, the simulated feed's history and the chart's live last bar.
// Times are Unix seconds (UTC); a candle's `time` is the start of its bucket.

/** The chart timeframes; `monthly`, `weekly` and `4h` are the dashboard's analysis timeframe tabs. */
export const TIMEFRAMES = ['1min', '15min', '4h', 'daily', 'weekly', 'monthly'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

export interface Candle {
  /** Start of the bucket, Unix seconds UTC. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface Tick {
  /** Unix seconds UTC (fractions allowed). */
  time: number;
  price: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday after the epoch: weeks start on Monday 00:00 UTC. */
const FIRST_MONDAY = 4 * DAY;

/** Nominal length of a bucket in seconds (a month counts 30 days; use `nextBucketStart` for edges). */
export const TIMEFRAME_SECONDS: Record<Timeframe, number> = {
  '1min': MINUTE,
  '15min': 15 * MINUTE,
  '4h': 4 * HOUR,
  daily: DAY,
  weekly: WEEK,
  monthly: 30 * DAY,
};

export const isTimeframe = (value: string): value is Timeframe => (TIMEFRAMES as readonly string[]).includes(value);

/** The start of the bucket holding `time`: minutes, quarter hours, 4 h from midnight, UTC days, Monday weeks, calendar months. */
export function bucketStart(time: number, timeframe: Timeframe): number {
  const t = Math.floor(time);
  switch (timeframe) {
    case 'weekly':
      return Math.floor((t - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
    case 'monthly': {
      const d = new Date(t * 1000);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
    }
    default: {
      const size = TIMEFRAME_SECONDS[timeframe];
      return Math.floor(t / size) * size;
    }
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucketStart(start: number, timeframe: Timeframe): number {
  if (timeframe !== 'monthly') return start + TIMEFRAME_SECONDS[timeframe];
  const d = new Date(start * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}

/**
 * Two parts of one bucket, `earlier` before `later`: the open of the first, the extremes of both,
 * the close of the last. The price step's SQL upsert applies the same rule.
 */
export function mergeCandle(earlier: Candle, later: Candle): Candle {
  return {
    time: earlier.time,
    open: earlier.open,
    high: Math.max(earlier.high, later.high),
    low: Math.min(earlier.low, later.low),
    close: later.close,
  };
}

/** A tick as the one-price candle of its bucket. */
export function tickCandle(tick: Tick, timeframe: Timeframe): Candle {
  return {
    time: bucketStart(tick.time, timeframe),
    open: tick.price,
    high: tick.price,
    low: tick.price,
    close: tick.price,
  };
}

/**
 * Folds one tick into a series (oldest first) and answers the new series: the last bar grows when
 * the tick is in its bucket, a new bar starts when it is later. A tick older than the last bar is
 * ignored (bars already drawn are never rewritten by late ticks). The input is not changed.
 */
export function foldTick(candles: readonly Candle[], tick: Tick, timeframe: Timeframe): Candle[] {
  if (!Number.isFinite(tick.price) || !Number.isFinite(tick.time)) return [...candles];
  const next = tickCandle(tick, timeframe);
  const last = candles.at(-1);
  if (!last || next.time > last.time) return [...candles, next];
  if (next.time < last.time) return [...candles];
  return [...candles.slice(0, -1), mergeCandle(last, next)];
}

/** Ticks (any order) as candles of a timeframe, oldest first. A bucket without ticks has no candle (a gap stays a gap). */
export function candlesFromTicks(ticks: readonly Tick[], timeframe: Timeframe): Candle[] {
  const usable = ticks.filter((t) => Number.isFinite(t.price) && Number.isFinite(t.time));
  const inOrder = usable.every((t, i) => i === 0 || usable[i - 1]!.time <= t.time);
  const sorted = inOrder ? usable : usable.sort((a, b) => a.time - b.time);
  const out: Candle[] = [];
  for (const tick of sorted) appendTick(out, tick, timeframe);
  return out;
}

/** `foldTick` in place, for long runs. */
function appendTick(out: Candle[], tick: Tick, timeframe: Timeframe): void {
  const time = bucketStart(tick.time, timeframe);
  const last = out[out.length - 1];
  if (!last || time > last.time)
    out.push({ time, open: tick.price, high: tick.price, low: tick.price, close: tick.price });
  else if (time === last.time) {
    if (tick.price > last.high) last.high = tick.price;
    if (tick.price < last.low) last.low = tick.price;
    last.close = tick.price;
  }
}

/**
 * Shorter candles (any order) as candles of a longer timeframe, oldest first: each longer bar opens
 * with its first short bar, closes with its last and spans their extremes. Short bars must not
 * straddle the longer buckets (every timeframe here nests in the ones after it, except weeks in months:
 * aggregate months from days).
 */
export function aggregateCandles(candles: readonly Candle[], timeframe: Timeframe): Candle[] {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  const out: Candle[] = [];
  for (const c of sorted) {
    const bucket = { ...c, time: bucketStart(c.time, timeframe) };
    const last = out.at(-1);
    if (last && last.time === bucket.time) out[out.length - 1] = mergeCandle(last, bucket);
    else out.push(bucket);
  }
  return out;
}

/** Whether a candle is internally consistent (low ≤ open, close ≤ high; all finite). */
export function isValidCandle(c: Candle): boolean {
  return (
    [c.open, c.high, c.low, c.close].every(Number.isFinite) &&
    c.low <= Math.min(c.open, c.close) &&
    c.high >= Math.max(c.open, c.close)
  );
}

/**
 * How long stored candles are kept, in days (null: for good). Short bars are many and only the
 * recent ones are charted; the long ones hold the years the monthly and weekly charts need.
 */
export const CANDLE_RETENTION_DAYS: Record<Timeframe, number | null> = {
  '1min': 7,
  '15min': 120,
  '4h': 3 * 365,
  daily: null,
  weekly: null,
  monthly: null,
};

/** Candles a chart asks for when it names no start: about this many bars back. */
export const CHART_DEFAULT_BARS = 300;
/** The most candles one answer carries (a longer range answers its latest ones). */
export const CANDLES_MAX_PER_ANSWER = 2000;

/** The default start of a chart's range: about `bars` buckets before `now` (seconds). */
export function defaultCandlesFrom(timeframe: Timeframe, now: number, bars = CHART_DEFAULT_BARS): number {
  return bucketStart(now - bars * TIMEFRAME_SECONDS[timeframe], timeframe);
}

/** Labels of the timeframes on screen. */
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  '1min': '1M',
  '15min': '15M',
  '4h': '4H',
  daily: 'D',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
};
