import type { PriceSymbol } from '@t0/contracts';

// The simulated feed's random walk, shared by its live ticks and its history so both look alike:
// a walk of the log price with a daily volatility per instrument and a slow pull back toward the
// spec's default price (so it never drifts away over months or years).

/** Daily volatility of the log price (about 0.5 % for the major pairs, more for the index, gold and bitcoin). */
export const DAILY_VOLATILITY: Record<PriceSymbol, number> = {
  AUDUSD: 0.005,
  GBPUSD: 0.005,
  GBPJPY: 0.006,
  US30: 0.009,
  XAUUSD: 0.009,
  BTCUSD: 0.03,
};

/** Share of the distance to the default price pulled back per day (years wander about ±8 %). */
export const REVERSION_PER_DAY = 0.002;

const DAY_SECONDS = 86_400;

/** A standard normal draw from two uniform draws (Box–Muller). */
export function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * One step of `seconds` of the walk from `price`, pulled toward `anchor`. The same step serves
 * forwards (live ticks) and backwards (history from today's price into the past).
 */
export function walkStep(symbol: string, price: number, anchor: number, seconds: number, random: () => number): number {
  const days = Math.max(0, seconds) / DAY_SECONDS;
  const log = Math.log(price);
  const pull = Math.min(1, REVERSION_PER_DAY * days) * (Math.log(anchor) - log);
  // An added instrument walks like the major pairs.
  const shock = (DAILY_VOLATILITY[symbol as PriceSymbol] ?? 0.005) * Math.sqrt(days) * normal(random);
  return Math.exp(log + pull + shock);
}

/** A small seeded generator (mulberry32), so a symbol's history is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number from a text (the seed of a symbol's history). */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
