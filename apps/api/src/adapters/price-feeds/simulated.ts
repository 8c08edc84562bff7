import { DEFAULT_PRICES, PRICE_SYMBOLS, priceDecimals, type PriceSymbol } from '@t0/contracts';
import type { PriceMap } from '@t0/contracts/server';
import type { PriceSource } from './types';

/** Per-step volatility and pull back toward the default price. */
const STEP_VOLATILITY = 0.0004;
const MEAN_REVERSION = 0.02;

/**
 * The embedded default: a random walk from the spec's default prices, pulled gently back toward
 * them so it never drifts away. Each fetch is one step.
 */
export function createSimulatedSource(random: () => number = Math.random): PriceSource {
  const current: Record<PriceSymbol, number> = { ...DEFAULT_PRICES };
  return {
    source: 'simulated',
    async fetch(): Promise<PriceMap> {
      const out: PriceMap = {};
      for (const symbol of PRICE_SYMBOLS) {
        const base = DEFAULT_PRICES[symbol];
        const prev = current[symbol];
        const shock = (random() * 2 - 1) * STEP_VOLATILITY * prev;
        const next = prev + (base - prev) * MEAN_REVERSION + shock;
        const d = priceDecimals(symbol);
        current[symbol] = Number(next.toFixed(d));
        out[symbol] = current[symbol];
      }
      return out;
    },
  };
}
