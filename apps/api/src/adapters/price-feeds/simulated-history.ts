import {
  candlesFromTicks,
  DEFAULT_PRICES,
  priceDecimals,
  TIMEFRAME_SECONDS,
  TIMEFRAMES,
  type Candle,
  type PriceSymbol,
  type Tick,
  type Timeframe,
} from '@t0/contracts';
import { HISTORY_SPAN_SECONDS } from './history-span';
import { hashSeed, seededRandom, walkStep } from './simulated-walk';

// The simulated feed's own past, so its charts are never empty on a first start: the same walk as
// its live prices, run backwards from today's price, sampled finely near now and coarsely years
// back, and folded into candles with the same rules as live prices. Not demo content: it is what
// this feed would have shown, and it is stored as `simulated` like every bar of this feed.

const MIN = 60;
const HOUR = 60 * MIN;

/**
 * Tick spacing by age: every bar of a timeframe gets at least four ticks within its span
 * (1-min bars from 15-s ticks, 15-min bars from 3-min ticks, 4-h bars from 40-min ticks, days
 * from 4-h ticks, weeks and months from 12-h ticks).
 */
const BANDS: { until: number; step: number }[] = [
  { until: HISTORY_SPAN_SECONDS['1min'], step: 15 },
  { until: HISTORY_SPAN_SECONDS['15min'], step: 3 * MIN },
  { until: HISTORY_SPAN_SECONDS['4h'], step: 40 * MIN },
  { until: HISTORY_SPAN_SECONDS.daily, step: 4 * HOUR },
  { until: HISTORY_SPAN_SECONDS.monthly, step: 12 * HOUR },
];

/** The walk's ticks from `end` back five years, oldest first, ending exactly at `endPrice`. */
export function historyTicks(
  symbol: PriceSymbol,
  end: number,
  endPrice: number,
  random = seededRandom(hashSeed(symbol)),
): Tick[] {
  const decimals = priceDecimals(symbol);
  const anchor = DEFAULT_PRICES[symbol];
  const ticks: Tick[] = [{ time: end, price: endPrice }];
  let price = endPrice;
  let age = 0;
  for (const band of BANDS) {
    while (age + band.step <= band.until) {
      age += band.step;
      price = walkStep(symbol, price, anchor, band.step, random);
      ticks.push({ time: end - age, price: Number(price.toFixed(decimals)) });
    }
  }
  return ticks.reverse();
}

/** Every timeframe's bars of a symbol's simulated past, each within its span, oldest first. */
export function simulatedHistory(symbol: PriceSymbol, end: Date, endPrice: number): Record<Timeframe, Candle[]> {
  const endSeconds = Math.floor(end.getTime() / 1000);
  const ticks = historyTicks(symbol, endSeconds, endPrice);
  const out = {} as Record<Timeframe, Candle[]>;
  for (const tf of TIMEFRAMES) {
    const since = endSeconds - HISTORY_SPAN_SECONDS[tf];
    // The ticks of the span and one bar before it; then whole bars only (a bar cut by the span's
    // start would open at the wrong price).
    const first = ticks.findIndex((t) => t.time >= since - TIMEFRAME_SECONDS[tf] * 2);
    out[tf] = candlesFromTicks(ticks.slice(Math.max(0, first)), tf).filter((c) => c.time >= since);
  }
  return out;
}
