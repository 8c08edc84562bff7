import { unitName } from '../instruments/instruments';
import { roundTo } from './signal-levels';

// How results read on screen (the P&L column, the dialog, the heat map, the stat cards, the record).

const sign = (n: number) => (n > 0 ? '+' : n < 0 ? '−' : '');

/**
 * A result in the instrument's units: +12.5 pips, −30.0 pips, +258.0 points (US30); `--` when unknown.
 * Without an instrument the unit is "pips" (a sum over several instruments says so where it is shown).
 */
export function formatPips(pips: number | null | undefined, instrument?: string): string {
  if (pips === null || pips === undefined || !Number.isFinite(pips)) return '--';
  return `${sign(pips)}${Math.abs(pips).toFixed(1)} ${instrument ? unitName(instrument) : 'pips'}`;
}

/** +2.87R, −1.00R, 0.00R; `--` when unknown. */
export function formatR(r: number | null | undefined): string {
  if (r === null || r === undefined || !Number.isFinite(r)) return '--';
  return `${sign(r)}${Math.abs(r).toFixed(2)}R`;
}

/** A ratio 0..1 as a percentage with one decimal; `--` when unknown. */
export function formatPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '--';
  return `${(ratio * 100).toFixed(1)}%`;
}

/** A duration as `3d 4h`, `5h 12m` or `7m`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '--';
  const minutes = Math.round(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m`;
}

export interface RealisedSignal {
  status: string;
  closedAt: string | null;
  result: { pips: number; r: number } | null;
}

/**
 * TODAY'S PROFIT: the R realised by signals that closed (or were withdrawn after a fill) since
 * `startOfDay` (the viewer's local midnight). Null when none closed today.
 */
export function realisedRSince<S extends RealisedSignal>(
  signals: readonly S[],
  startOfDay: Date,
): { r: number; trades: number } | null {
  const today = signals.filter(
    (s) =>
      (s.status === 'closed' || s.status === 'withdrawn') &&
      s.result &&
      s.closedAt &&
      Date.parse(s.closedAt) >= startOfDay.getTime(),
  );
  if (today.length === 0) return null;
  return {
    r: roundTo(
      today.reduce((acc, s) => acc + s.result!.r, 0),
      2,
    ),
    trades: today.length,
  };
}
