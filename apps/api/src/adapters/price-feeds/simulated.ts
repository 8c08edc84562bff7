import {
  DEFAULT_PRICES,
  instrumentSpec,
  PRICE_SYMBOLS,
  priceDecimals,
  quotedSymbols,
  type Candle,
  type PriceSymbol,
} from '@t0/contracts';
import type { PriceHistoryRequest, PriceMap } from '@t0/server';
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
  const current: Record<string, number> = { ...DEFAULT_PRICES };
  /** Where a symbol's walk is pulled back to: the ticker's default, or an added instrument's reference price. */
  const anchor = (symbol: string) =>
    (DEFAULT_PRICES as Record<string, number>)[symbol] ?? instrumentSpec(symbol).referencePrice;
  let last = now();
  const pasts = new Map<PriceSymbol, ReturnType<typeof simulatedHistory>>();
  return {
    source: 'simulated',
    async fetch(): Promise<PriceMap> {
      const t = now();
      const seconds = Math.min(MAX_STEP_SECONDS, Math.max(MIN_STEP_SECONDS, (t - last) / 1000));
      last = t;
      const out: PriceMap = {};
      // The ticker's symbols and every catalogued instrument (one an administrator added walks from its reference price).
      for (const symbol of quotedSymbols(PRICE_SYMBOLS)) {
        current[symbol] ??= anchor(symbol);
        const next = walkStep(symbol, current[symbol], anchor(symbol), seconds, random);
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
          past = simulatedHistory(symbol, until, current[symbol] ?? anchor(symbol));
          pasts.set(symbol, past);
        }
        out[symbol] = past[timeframe];
      }
      return out;
    },
    resume(prices: PriceMap) {
      for (const symbol of quotedSymbols(PRICE_SYMBOLS)) {
        const p = prices[symbol];
        if (typeof p === 'number' && Number.isFinite(p) && p > 0) current[symbol] = p;
      }
    },
  };
}
