import type { PriceSymbol } from '../common/constants';
import { formatFixedDecimals } from '../common/fixed-decimals';
import { entryTolerance, instrumentSpec, unitSize } from '../instruments/instruments';

// Price rules of the ticker and the terminal (decimals, pips, ticker changes), used by the server and the web app.

/** The static ticker prices, also the simulated feed's starting points. */
export const DEFAULT_PRICES: Record<PriceSymbol, number> = {
  AUDUSD: 0.65169,
  GBPJPY: 196.122,
  GBPUSD: 1.34521,
  US30: 42762,
  BTCUSD: 110140,
  XAUUSD: 3346.7,
};

/** Baselines the ticker measures change against. */
export const PRICE_BASELINES: Partial<Record<PriceSymbol, number>> = {
  AUDUSD: 0.6498,
  GBPJPY: 196.12,
  US30: 42850,
  BTCUSD: 104200,
  XAUUSD: 3315,
};

/** Symbols the ticker always shows at their static value. */
export const STATIC_ONLY_SYMBOLS: readonly PriceSymbol[] = ['BTCUSD', 'XAUUSD'];

export const isJpyPair = (symbol: string) => symbol.toUpperCase().endsWith('JPY');

/** Display decimals, from the instrument catalogue: US30, BTCUSD and XAUUSD 2, JPY pairs 3, other pairs 5. */
export function priceDecimals(symbol: string): number {
  return instrumentSpec(symbol).decimals;
}

export function formatPrice(symbol: string, price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '--';
  const d = priceDecimals(symbol);
  // Thousands separators for prices in the thousands (US30, BTCUSD, NAS100), not for gold's 3,346.70 as before.
  const grouped = symbol.toUpperCase() !== 'XAUUSD' && Math.abs(price) >= 10_000;
  return formatFixedDecimals(price, d, grouped);
}

/** Units per price difference of 1, from the catalogue: 10000 for USD pairs, 100 for JPY pairs, 1 for US30 (points). */
export function pipFactor(symbol: string): number {
  return 1 / unitSize(symbol);
}

/** How far outside the feed's range since the last tick a typed exit may lie, in the instrument's units. */
export const EXIT_PRICE_TOLERANCE: Readonly<Record<string, number>> = { AUDUSD: 2, GBPUSD: 2, GBPJPY: 2, US30: 3 };
export const DEFAULT_EXIT_TOLERANCE = 2;

/** The market-entry tolerance (the catalogue's, in the instrument's units) as a price distance. */
export const marketEntryTolerance = (symbol: string) => entryTolerance(symbol) * unitSize(symbol);
/** The typed-exit tolerance as a price distance. */
export const exitPriceTolerance = (symbol: string) =>
  (EXIT_PRICE_TOLERANCE[symbol.toUpperCase()] ?? DEFAULT_EXIT_TOLERANCE) * unitSize(symbol);

/** A signal price as stored and shown: five-decimal pairs (AUDUSD, GBPUSD, EURUSD …) to 5 decimals, the others as typed. */
export function formatSignalPrice(instrument: string, value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (instrumentSpec(instrument).decimals === 5) return n.toFixed(5);
  return String(n);
}

export type Trend = 'up' | 'down' | 'neutral';

export interface TickerItem {
  symbol: PriceSymbol;
  price: string;
  change: string;
  percent: string;
  trend: Trend;
}

/** Change text for the ticker: pips for AUDUSD (×10000) and GBPJPY (×100), points for US30 and the rest. */
export function tickerItem(symbol: PriceSymbol, price: number): TickerItem {
  const base = PRICE_BASELINES[symbol] ?? price;
  const diff = price - base;
  let change: string;
  if (symbol === 'AUDUSD') change = `${signed(diff * 10000, 1)} pips`;
  else if (symbol === 'GBPJPY') change = `${signed(diff * 100, 1)} pips`;
  else change = `${signed(diff, symbol === 'XAUUSD' ? 1 : 0)} pts`;
  const percent = `${signed(base ? (diff / base) * 100 : 0, 2)}%`;
  return { symbol, price: formatPrice(symbol, price), change, percent, trend: diff >= 0 ? 'up' : 'down' };
}

function signed(n: number, digits: number): string {
  const fixed = Math.abs(n).toFixed(digits);
  return `${n >= 0 ? '+' : '-'}${fixed}`;
}

export const TICKER_SYMBOLS: readonly PriceSymbol[] = ['AUDUSD', 'GBPJPY', 'US30', 'BTCUSD', 'XAUUSD'];

/** The ticker list: live values where present (never for BTCUSD and XAUUSD), static defaults otherwise. */
export function tickerItems(live: Partial<Record<PriceSymbol, number>> | null | undefined): TickerItem[] {
  return TICKER_SYMBOLS.map((symbol) => {
    const value = STATIC_ONLY_SYMBOLS.includes(symbol) ? undefined : live?.[symbol];
    return tickerItem(symbol, typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_PRICES[symbol]);
  });
}
