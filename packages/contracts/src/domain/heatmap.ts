import { HEATMAP_SIGNALS } from './constants';
import { pipFactor } from './prices';
import { normalizeDirection } from './signals';

// The performance heat map (spec 2 §2): the 3 most recent closed signals, each with floating pips
// and a state derived from the live price.

export type HeatmapState = 'target-hit' | 'stop-hit' | 'winning' | 'losing' | 'neutral';

export interface HeatmapSignal {
  id: number;
  instrument: string;
  direction: string;
  status: string;
  entryPrice: number;
  slPrice: number;
  /** The final target (T1). */
  targetPrice: number;
  createdAt: string | Date;
}

export interface HeatmapCell<S extends HeatmapSignal = HeatmapSignal> {
  signal: S;
  livePrice: number | null;
  /** Pips in the trade's favour (negative when against it); null without a live price. */
  pips: number | null;
  state: HeatmapState;
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Pips between entry and the live price in the trade's direction, with the instrument's pip factor. */
export function floatingPips(instrument: string, direction: string, entryPrice: number, livePrice: number): number {
  const diff = normalizeDirection(direction) === 'short' ? entryPrice - livePrice : livePrice - entryPrice;
  // Round away floating-point noise (0.1 pip precision is the finest any instrument shows).
  return Math.round(diff * pipFactor(instrument) * 10) / 10;
}

/**
 * target-hit: the live price reached the target in the trade's direction; stop-hit: at or beyond the
 * stop on the losing side; winning: floating pips above 0; losing: otherwise; neutral: no live price.
 */
export function heatmapState(signal: HeatmapSignal, livePrice: number | null | undefined): HeatmapState {
  if (!finite(livePrice)) return 'neutral';
  const short = normalizeDirection(signal.direction) === 'short';
  if (finite(signal.targetPrice) && (short ? livePrice <= signal.targetPrice : livePrice >= signal.targetPrice)) {
    return 'target-hit';
  }
  if (finite(signal.slPrice) && (short ? livePrice >= signal.slPrice : livePrice <= signal.slPrice)) {
    return 'stop-hit';
  }
  return floatingPips(signal.instrument, signal.direction, signal.entryPrice, livePrice) > 0 ? 'winning' : 'losing';
}

/** The most recent closed signals, newest first (3 by default). */
export function recentClosedSignals<S extends HeatmapSignal>(signals: readonly S[], count: number = HEATMAP_SIGNALS): S[] {
  return signals
    .filter((s) => s.status.trim().toLowerCase() === 'closed')
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id)
    .slice(0, count);
}

/** The heat map's cells from the signal list and the live prices map (symbol → price). */
export function heatmapCells<S extends HeatmapSignal>(
  signals: readonly S[],
  livePrices: Partial<Record<string, number>> | null | undefined,
): HeatmapCell<S>[] {
  return recentClosedSignals(signals).map((signal) => {
    const live = livePrices?.[signal.instrument.toUpperCase()];
    const livePrice = finite(live) ? live : null;
    return {
      signal,
      livePrice,
      pips: livePrice === null ? null : floatingPips(signal.instrument, signal.direction, signal.entryPrice, livePrice),
      state: heatmapState(signal, livePrice),
    };
  });
}

/** Whether the heat map shows at all: subscribers (admins count) with at least one signal. */
export function showHeatmap(hasActiveSubscription: boolean, signalCount: number): boolean {
  return hasActiveSubscription && signalCount > 0;
}
