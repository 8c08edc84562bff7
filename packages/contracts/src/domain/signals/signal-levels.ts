import { unitSize } from '../instruments/instruments';
import { normalizeDirection } from './signals';

// Levels that make sense: one rule for the generator, the console's inline edit and the
// procedures. A long needs stop < entry < T0 ≤ T1; a short the mirror. Plus the pip and R maths the
// generator, the terminal and the track record share.

export interface SignalLevels {
  direction: string;
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
}

export type LevelField = 'slPrice' | 't0Price' | 't1Price';

export interface LevelIssue {
  /** The field the message is about (the one to correct). */
  field: LevelField;
  message: string;
}

const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * Every broken level rule, each with a message naming its field. Only pairs whose two values are
 * known are compared (a partial edit is checked against the stored values by the caller); without
 * a direction nothing is checked.
 */
export function levelIssues(levels: Partial<SignalLevels>): LevelIssue[] {
  if (levels.direction === undefined) return [];
  const short = normalizeDirection(levels.direction) === 'short';
  const side = short ? 'short' : 'long';
  const { entryPrice: entry, slPrice: sl, t0Price: t0, t1Price: t1 } = levels;
  const issues: LevelIssue[] = [];
  if (known(entry) && known(sl) && (short ? sl <= entry : sl >= entry)) {
    issues.push({
      field: 'slPrice',
      message: `SL price must be ${short ? 'above' : 'below'} the entry price for a ${side} signal`,
    });
  }
  if (known(entry) && known(t0) && (short ? t0 >= entry : t0 <= entry)) {
    issues.push({
      field: 't0Price',
      message: `Take Profit 0 must be ${short ? 'below' : 'above'} the entry price for a ${side} signal`,
    });
  }
  if (known(t0) && known(t1) && (short ? t1 > t0 : t1 < t0)) {
    issues.push({
      field: 't1Price',
      message: `Take Profit 1 must be at or ${short ? 'below' : 'above'} Take Profit 0 for a ${side} signal`,
    });
  } else if (!known(t0) && known(entry) && known(t1) && (short ? t1 >= entry : t1 <= entry)) {
    issues.push({
      field: 't1Price',
      message: `Take Profit 1 must be ${short ? 'below' : 'above'} the entry price for a ${side} signal`,
    });
  }
  return issues;
}

/** +1 for a long, -1 for a short: multiplies a price move into a move in the trade's favour. */
export const directionSign = (direction: string): 1 | -1 => (normalizeDirection(direction) === 'short' ? -1 : 1);

/** Rounds to `digits` decimals without floating-point noise (0.1 + 0.2 → 0.3). */
export function roundTo(n: number, digits: number): number {
  const f = 10 ** digits;
  const v = Math.round(Number((n * f).toPrecision(12))) / f;
  return Object.is(v, -0) ? 0 : v;
}

/** A price difference in the instrument's units (pips for FX, points for US30 …; see the catalogue), to 0.1. */
export function toPips(instrument: string, priceDifference: number): number {
  return roundTo(priceDifference / unitSize(instrument), 1);
}

/** Risk of a signal in pips: |entry − stop|. */
export function riskPips(instrument: string, entryPrice: number, slPrice: number): number {
  return toPips(instrument, Math.abs(entryPrice - slPrice));
}

/**
 * A target as an R multiple: reward ÷ risk, where reward is the move from entry to the target in the
 * trade's direction and risk is |entry − stop|. Null when the risk is zero or a value is missing.
 */
export function rMultiple(direction: string, entryPrice: number, slPrice: number, target: number): number | null {
  const risk = Math.abs(entryPrice - slPrice);
  if (!known(entryPrice) || !known(target) || !(risk > 0)) return null;
  return roundTo(((target - entryPrice) * directionSign(direction)) / risk, 2);
}

/** Distance from the live price to the entry, in pips (positive: the entry lies above the price). */
export function distancePips(instrument: string, livePrice: number, entryPrice: number): number {
  return toPips(instrument, entryPrice - livePrice);
}

export interface TradeResult {
  /** Pips in the trade's favour (negative: against it), to 0.1. */
  pips: number;
  /** The same move in R: move ÷ the risk fixed at publication, to 0.01. */
  r: number;
}

/**
 * The result of a trade filled at `fillPrice` and valued at `price` (its exit, or the live price
 * while open), with `riskPrice` = |entry − stop| at publication. Null when anything is unknown.
 */
export function tradeResult(
  instrument: string,
  direction: string,
  fillPrice: number | null | undefined,
  price: number | null | undefined,
  riskPrice: number | null | undefined,
): TradeResult | null {
  if (!known(fillPrice) || !known(price) || !known(riskPrice) || !(riskPrice > 0)) return null;
  const move = (price - fillPrice) * directionSign(direction);
  return { pips: toPips(instrument, move), r: roundTo(move / riskPrice, 2) };
}
