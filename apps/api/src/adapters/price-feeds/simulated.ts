import { DEFAULT_PRICES, PRICE_SYMBOLS, priceDecimals, type Candle, type PriceSymbol } from '@t0/contracts';
import type { PriceHistoryRequest, PriceMap } from '@t0/contracts/server';
import { simulatedHistory } from './simulated-history';
import { walkStep } from './simulated-walk';
import type { PriceSource } from './types';

/** A fetch moves the walk by the time since the last one, at least this much and at most a day. */
const MIN_STEP_SECONDS = 1;
const MAX_STEP_SECONDS = 86_400;

/**
 * The embedded default: a random walk from the spec's default prices (see simulated-walk.ts),
 * moved by the time elapsed between fetches, and its own past as history.
 */
export function createSimulatedSource(random: () => number = Math.random, now: () => number = Date.now): PriceSource {
  const current: Record<PriceSymbol, number> = { ...DEFAULT_PRICES };
  let last = now();
  const pasts = new Map<PriceSymbol, ReturnType<typeof simulatedHistory>>();
  return {
    source: 'simulated',
    async fetch(): Promise<PriceMap> {
      const t = now();
      const seconds = Math.min(MAX_STEP_SECONDS, Math.max(MIN_STEP_SECONDS, (t - last) / 1000));
      last = t;
      const out: PriceMap = {};
      for (const symbol of PRICE_SYMBOLS) {
        const next = walkStep(symbol, current[symbol], DEFAULT_PRICES[symbol], seconds, random);
        current[symbol] = Number(next.toFixed(priceDecimals(symbol)));
        out[symbol] = current[symbol];
      }
      return out;
    },
    async history({ symbols, timeframe, until }: PriceHistoryRequest) {
      const out: Partial<Record<PriceSymbol, Candle[]>> = {};
      for (const symbol of symbols) {
        // One past per symbol, ending at the walk's current price, shared by every timeframe.
        let past = pasts.get(symbol);
        if (!past) {
          past = simulatedHistory(symbol, until, current[symbol]);
          pasts.set(symbol, past);
        }
        out[symbol] = past[timeframe];
      }
      return out;
    },
    resume(prices: PriceMap) {
      for (const symbol of PRICE_SYMBOLS) {
        const p = prices[symbol];
        if (typeof p === 'number' && Number.isFinite(p) && p > 0) current[symbol] = p;
      }
    },
  };
}
