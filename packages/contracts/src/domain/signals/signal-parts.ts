import { roundTo, tradeResult, type TradeResult } from './signal-levels';

// Targets taken in parts: a trade is closed in parts — a share at T0, a share the desk
// closes now at market, the rest at its exit — and its result is the weighted R (and pips) of those
// parts. Shares are percentages of the position (0-100); they add up to 100 once the trade ends.

/** The share of the position taken at T0 when a signal does not say (the rest runs to T1 or the stop). */
export const DEFAULT_T0_SHARE = 50;

export type PartKind = 't0' | 'manual' | 'exit';

/** One part of a position closed at one price. */
export interface TradePart {
  kind: PartKind;
  /** Percent of the whole position, 0-100. */
  share: number;
  price: number;
}

/** What is still open once these parts are closed, in percent (never below 0). */
export function openShare(parts: readonly Pick<TradePart, 'share'>[]): number {
  return Math.max(0, roundTo(100 - parts.reduce((sum, p) => sum + p.share, 0), 4));
}

/**
 * The result of a trade closed in parts: Σ share × the part's result, pips and R alike, the rest of
 * the position (if any) valued at `restPrice` (its exit, or the live price while open). Null when
 * the fill or the risk is unknown, or when nothing is priced.
 */
export function weightedResult(
  instrument: string,
  direction: string,
  fillPrice: number | null | undefined,
  riskPrice: number | null | undefined,
  parts: readonly TradePart[],
  restPrice: number | null | undefined,
): TradeResult | null {
  const priced: TradePart[] = [...parts];
  const rest = openShare(parts);
  if (rest > 0) {
    if (restPrice === null || restPrice === undefined || !Number.isFinite(restPrice)) {
      if (parts.length === 0) return null;
    } else priced.push({ kind: 'exit', share: rest, price: restPrice });
  }
  let pips = 0;
  let r = 0;
  for (const part of priced) {
    const one = tradeResult(instrument, direction, fillPrice, part.price, riskPrice);
    if (!one) return null;
    pips += (part.share / 100) * one.pips;
    r += (part.share / 100) * one.r;
  }
  return { pips: roundTo(pips, 1), r: roundTo(r, 2) };
}

/** Parts as stored (a JSON array), each checked; anything malformed is left out. */
export function partsOf(value: unknown): TradePart[] {
  const list = typeof value === 'string' ? safeParse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p: unknown) => {
    if (!p || typeof p !== 'object') return [];
    const { kind, share, price } = p as Record<string, unknown>;
    const s = Number(share);
    const pr = Number(price);
    if (!Number.isFinite(s) || !Number.isFinite(pr) || s <= 0) return [];
    return [{ kind: kind === 't0' || kind === 'manual' ? kind : 'exit', share: s, price: pr } as TradePart];
  });
}
function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
