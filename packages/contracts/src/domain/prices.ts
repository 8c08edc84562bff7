import type { Instrument, PriceSymbol } from './constants';

// Price rules of spec 1 §9 and spec 2 (decimals, pips, ticker changes), used by the server and the web app.

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

/** Display decimals: US30 and BTCUSD 2 (with thousands separators), JPY pairs 3, XAUUSD 2, others 5. */
export function priceDecimals(symbol: string): number {
  const s = symbol.toUpperCase();
  if (s === 'US30' || s === 'BTCUSD' || s === 'XAUUSD') return 2;
  if (isJpyPair(s)) return 3;
  return 5;
}

export function formatPrice(symbol: string, price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '--';
  const d = priceDecimals(symbol);
  const grouped = symbol.toUpperCase() === 'US30' || symbol.toUpperCase() === 'BTCUSD';
  return price.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: grouped });
}

/** Pip factor: 100 for JPY pairs and US30, 10000 otherwise. */
export function pipFactor(symbol: string): number {
  const s = symbol.toUpperCase();
  return isJpyPair(s) || s === 'US30' ? 100 : 10000;
}

/**
 * How far a market (ACTIVE) signal's entry may lie from the live price, in the instrument's own
 * units (pips for FX, points for US30); an instrument not listed gets DEFAULT_MARKET_TOLERANCE.
 * To be folded into the instrument catalogue beside the pip factor.
 */
export const MARKET_ENTRY_TOLERANCE: Readonly<Record<string, number>> = { AUDUSD: 10, GBPUSD: 10, GBPJPY: 10, US30: 15 };
export const DEFAULT_MARKET_TOLERANCE = 10;
/** How far outside the feed's range since the last tick a typed exit may lie, in the instrument's units. */
export const EXIT_PRICE_TOLERANCE: Readonly<Record<string, number>> = { AUDUSD: 2, GBPUSD: 2, GBPJPY: 2, US30: 3 };
export const DEFAULT_EXIT_TOLERANCE = 2;

/** One of the instrument's own units as a price: a pip for FX, a point (1.0) for US30. */
export function unitSize(symbol: string): number {
  return symbol.toUpperCase() === 'US30' ? 1 : 1 / pipFactor(symbol);
}
/** The unit's name: points for US30, pips otherwise. */
export const unitName = (symbol: string) => (symbol.toUpperCase() === 'US30' ? 'points' : 'pips');

/** The market-entry tolerance as a price distance. */
export const marketEntryTolerance = (symbol: string) => (MARKET_ENTRY_TOLERANCE[symbol.toUpperCase()] ?? DEFAULT_MARKET_TOLERANCE) * unitSize(symbol);
/** The typed-exit tolerance as a price distance. */
export const exitPriceTolerance = (symbol: string) => (EXIT_PRICE_TOLERANCE[symbol.toUpperCase()] ?? DEFAULT_EXIT_TOLERANCE) * unitSize(symbol);

/** Instruments whose signal prices the console sends at 5 decimals. */
export const FIVE_DECIMAL_INSTRUMENTS: readonly Instrument[] = ['AUDUSD', 'GBPUSD'];

/** A signal price as stored and shown: AUDUSD and GBPUSD to 5 decimals, the others as typed. */
export function formatSignalPrice(instrument: string, value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  if ((FIVE_DECIMAL_INSTRUMENTS as readonly string[]).includes(instrument.toUpperCase())) return n.toFixed(5);
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
