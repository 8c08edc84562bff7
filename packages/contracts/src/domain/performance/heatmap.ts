import { HEATMAP_SIGNALS } from '../common/constants';
import { roundTo, toPips } from '../signals/signal-levels';
import { normalizeDirection } from '../signals/signals';

// The performance heat map: the live floating result (pips and R) of every filled open signal, then
// the real outcomes of the 3 most recent closed signals (spec count), as the server recorded them.

export type HeatmapState = 'target-hit' | 'stop-hit' | 'breakeven' | 'winning' | 'losing' | 'neutral';

export interface HeatmapSignal {
  id: number;
  instrument: string;
  direction: string;
  status: string;
  entryPrice: number | null;
  createdAt: string | Date;
  closedAt: string | null;
  closeReason: string | null;
  /** The server's result: the outcome once closed, the floating result at the last tick while open. */
  result: { pips: number; r: number } | null;
  /** Risk fixed at publication, in pips (for the floating R from the live price). */
  riskPips: number | null;
}

export interface HeatmapCell<S extends HeatmapSignal = HeatmapSignal> {
  signal: S;
  kind: 'open' | 'closed';
  livePrice: number | null;
  pips: number | null;
  r: number | null;
  state: HeatmapState;
}

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Units (pips or points, per the catalogue) between entry and the live price in the trade's direction. */
export function floatingPips(instrument: string, direction: string, entryPrice: number, livePrice: number): number {
  const diff = normalizeDirection(direction) === 'short' ? entryPrice - livePrice : livePrice - entryPrice;
  return toPips(instrument, diff);
}

/** The live floating result of a filled open signal: from the live price when known, else the server's. */
export function floatingResult(
  signal: HeatmapSignal,
  livePrice: number | null | undefined,
): { pips: number; r: number | null } | null {
  if (signal.status !== 'active') return null;
  if (finite(livePrice) && finite(signal.entryPrice)) {
    const pips = floatingPips(signal.instrument, signal.direction, signal.entryPrice, livePrice);
    return { pips, r: finite(signal.riskPips) && signal.riskPips > 0 ? roundTo(pips / signal.riskPips, 2) : null };
  }
  return signal.result;
}

const byResult = (r: number | null | undefined): HeatmapState =>
  !finite(r) ? 'neutral' : r > 0 ? 'winning' : r < 0 ? 'losing' : 'breakeven';

/** A closed signal's state: how it ended (target, stop, break-even), else by the sign of its result. */
export function closedState(signal: HeatmapSignal): HeatmapState {
  if (signal.closeReason === 'target') return 'target-hit';
  if (signal.closeReason === 'stop') return 'stop-hit';
  if (signal.closeReason === 'breakeven') return 'breakeven';
  return byResult(signal.result?.r);
}

/** The most recent finished trades (closed, or withdrawn after a fill), newest first (3 by default). */
export function recentClosedSignals<S extends HeatmapSignal>(
  signals: readonly S[],
  count: number = HEATMAP_SIGNALS,
): S[] {
  const when = (s: S) => new Date(s.closedAt ?? s.createdAt).getTime();
  return signals
    .filter((s) => (s.status === 'closed' || s.status === 'withdrawn') && s.result !== null)
    .sort((a, b) => when(b) - when(a) || b.id - a.id)
    .slice(0, count);
}

/** The heat map's cells: open trades (newest first) with their floating result, then the last closed. */
export function heatmapCells<S extends HeatmapSignal>(
  signals: readonly S[],
  livePrices: Partial<Record<string, number>> | null | undefined,
): HeatmapCell<S>[] {
  const open = signals
    .filter((s) => s.status === 'active')
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id)
    .map((signal): HeatmapCell<S> => {
      const live = livePrices?.[signal.instrument.toUpperCase()];
      const livePrice = finite(live) ? live : null;
      const floating = floatingResult(signal, livePrice);
      return {
        signal,
        kind: 'open',
        livePrice,
        pips: floating?.pips ?? null,
        r: floating?.r ?? null,
        state: byResult(floating?.r ?? floating?.pips),
      };
    });
  const closed = recentClosedSignals(signals).map((signal): HeatmapCell<S> => ({
    signal,
    kind: 'closed',
    livePrice: null,
    pips: signal.result?.pips ?? null,
    r: signal.result?.r ?? null,
    state: closedState(signal),
  }));
  return [...open, ...closed];
}

/** Whether the heat map shows at all: subscribers (admins count) with at least one signal. */
export function showHeatmap(hasActiveSubscription: boolean, signalCount: number): boolean {
  return hasActiveSubscription && signalCount > 0;
}
