import { INSTRUMENTS } from '../common/constants';

// The instrument catalogue: one place that says, for each instrument, its price step,
// what one pip or point is, what the unit is called, how many decimals a price has, the symbol the
// vendor feed quotes it under, and how far from the live price a market entry may be. Every figure
// (P&L, heat map, dialog, messages, record, CSV) reads its unit from here.
//
// The spec's four instruments are the default catalogue. An administrator adds more (or changes a
// default's feed symbol or sizes) in the console; the server loads those rows and calls
// `setInstrumentCatalogue`, the web app does the same with what the server serves. Built-in presets
// for symbols the ticker already quotes (XAUUSD, BTCUSD) size an instrument that is not (yet) in it.

export const UNIT_NAMES = ['pips', 'points'] as const;
export type UnitName = (typeof UNIT_NAMES)[number];

export interface InstrumentSpec {
  /** Our name for it: AUDUSD, US30, EURUSD, … */
  symbol: string;
  /** The smallest price step the feed moves by. */
  tickSize: number;
  /** One pip (FX) or one point (indices, metals, crypto), as a price difference. */
  unitSize: number;
  unitName: UnitName;
  /** Decimals a price is shown with. */
  decimals: number;
  /** The symbol the vendor feed quotes it under (US30: a CFD or futures symbol traded nearly round the clock). */
  feedSymbol: string;
  /** How far a market (ACTIVE) entry may lie from the live price, in the instrument's own units. */
  entryTolerance: number;
  /** A typical price: the simulated feed starts its walk here. */
  referencePrice: number;
}

/** Default market-entry tolerance: 10 pips for FX, 15 points for US30. */
export const DEFAULT_ENTRY_TOLERANCE = { pips: 10, points: 15 } as const;

const fx = (symbol: string, feedSymbol: string, referencePrice: number, jpy = false): InstrumentSpec => ({
  symbol,
  tickSize: jpy ? 0.001 : 0.00001,
  unitSize: jpy ? 0.01 : 0.0001,
  unitName: 'pips',
  decimals: jpy ? 3 : 5,
  feedSymbol,
  entryTolerance: DEFAULT_ENTRY_TOLERANCE.pips,
  referencePrice,
});

/** Known instruments: the spec's four (the default catalogue) and presets for the ticker's other symbols. */
export const INSTRUMENT_PRESETS: Readonly<Record<string, InstrumentSpec>> = {
  AUDUSD: fx('AUDUSD', 'AUD/USD', 0.65169),
  GBPJPY: fx('GBPJPY', 'GBP/JPY', 196.122, true),
  GBPUSD: fx('GBPUSD', 'GBP/USD', 1.34521),
  US30: {
    symbol: 'US30',
    tickSize: 0.01,
    unitSize: 1,
    unitName: 'points',
    decimals: 2,
    // The vendor's Dow Jones symbol; an administrator may point it at a CFD or futures symbol in the console.
    feedSymbol: 'DJI',
    entryTolerance: DEFAULT_ENTRY_TOLERANCE.points,
    referencePrice: 42762,
  },
  XAUUSD: {
    symbol: 'XAUUSD',
    tickSize: 0.01,
    unitSize: 1,
    unitName: 'points',
    decimals: 2,
    feedSymbol: 'XAU/USD',
    entryTolerance: 5,
    referencePrice: 3346.7,
  },
  BTCUSD: {
    symbol: 'BTCUSD',
    tickSize: 0.01,
    unitSize: 1,
    unitName: 'points',
    decimals: 2,
    feedSymbol: 'BTC/USD',
    entryTolerance: 100,
    referencePrice: 110140,
  },
  EURUSD: fx('EURUSD', 'EUR/USD', 1.16),
};

const DEFAULT_CATALOGUE: readonly InstrumentSpec[] = INSTRUMENTS.map((s) => INSTRUMENT_PRESETS[s]!);

let current: readonly InstrumentSpec[] = DEFAULT_CATALOGUE;
let bySymbol = new Map(current.map((s) => [s.symbol, s]));

/**
 * Replaces the catalogue with the defaults plus `rows` (a row for a default symbol overrides it).
 * Called by the server when it loads the `instruments` table and after every change, and by the web
 * app with what the server serves.
 */
export function setInstrumentCatalogue(rows: readonly InstrumentSpec[]): void {
  const merged = new Map(DEFAULT_CATALOGUE.map((s) => [s.symbol, s]));
  for (const row of rows) merged.set(row.symbol.toUpperCase(), { ...row, symbol: row.symbol.toUpperCase() });
  current = [...merged.values()];
  bySymbol = merged;
}

/** Every instrument a signal may be published on: the defaults first, then the added ones. */
export function instrumentCatalogue(): readonly InstrumentSpec[] {
  return current;
}

export function isCatalogued(symbol: string): boolean {
  return bySymbol.has(symbol.toUpperCase());
}

/**
 * Sizes guessed for a symbol that is in neither the catalogue nor the presets: JPY pairs 0.01 pips,
 * other six-letter pairs 0.0001 pips, anything else 1 point.
 */
function guessed(symbol: string): InstrumentSpec {
  if (/^[A-Z]{6}$/.test(symbol))
    return fx(symbol, `${symbol.slice(0, 3)}/${symbol.slice(3)}`, 1, symbol.endsWith('JPY'));
  return {
    symbol,
    tickSize: 0.01,
    unitSize: 1,
    unitName: 'points',
    decimals: 2,
    feedSymbol: symbol,
    entryTolerance: DEFAULT_ENTRY_TOLERANCE.points,
    referencePrice: 100,
  };
}

/** The instrument's sizes: the catalogue, then the presets, then a guess from its name. */
export function instrumentSpec(symbol: string): InstrumentSpec {
  const s = symbol.toUpperCase();
  return bySymbol.get(s) ?? INSTRUMENT_PRESETS[s] ?? guessed(s);
}

/** What the instrument's unit is called: pips (FX) or points (indices, metals, crypto). */
export const unitName = (symbol: string): UnitName => instrumentSpec(symbol).unitName;

/** One unit as a price difference: 0.0001 for USD pairs, 0.01 for JPY pairs, 1 for US30. */
export const unitSize = (symbol: string): number => instrumentSpec(symbol).unitSize;

/** The market-entry tolerance in the instrument's own units (10 pips for FX, 15 points for US30 by default). */
export function entryTolerance(instrument: string): number {
  return instrumentSpec(instrument).entryTolerance;
}

/** The market-entry tolerance as a price difference. */
export function entryTolerancePrice(instrument: string): number {
  const spec = instrumentSpec(instrument);
  return spec.entryTolerance * spec.unitSize;
}

/** Symbols a feed quotes: the ticker's symbols and every catalogued instrument. */
export function quotedSymbols(base: readonly string[]): string[] {
  return [...new Set([...base, ...current.map((s) => s.symbol)])];
}

const sign = (n: number) => (n > 0 ? '+' : n < 0 ? '−' : '');

/** A move in the instrument's units: `+258.0 points`, `−12.5 pips`; `--` when unknown. */
export function formatUnits(instrument: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return `${sign(value)}${Math.abs(value).toFixed(1)} ${unitName(instrument)}`;
}
