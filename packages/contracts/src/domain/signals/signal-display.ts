import { SIGNAL_MEMO_CUT } from '../common/constants';
import { compareSignals, MONTHLY_BIASES, type MonthlyBias } from './signals';

// How the terminal's signals table and dialog show signals: table order, memo cut, bias fallback, masked P&L.

/** Profit and loss are masked for everyone. */
export const PNL_MASK = '***';

/** A new array in table order: active and limit first, then newest first. */
export function sortSignalsForTable<S extends { status: string; createdAt: string | Date; id?: number }>(
  signals: readonly S[],
): S[] {
  return [...signals].sort(compareSignals);
}

/** The memo as the table shows it: cut at 15 characters plus an ellipsis. */
export function truncateMemo(memo: string | null | undefined, max: number = SIGNAL_MEMO_CUT): string {
  const text = (memo ?? '').trim();
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Bullish, Bearish or Potentially Reversing (case-insensitive); anything else shows as Bullish. */
export function displayBias(bias: string | null | undefined): MonthlyBias {
  const wanted = String(bias ?? '')
    .trim()
    .toLowerCase();
  return MONTHLY_BIASES.find((b) => b.toLowerCase() === wanted) ?? 'Bullish';
}

/** The statuses the dashboard reads; anything else is shown as it is stored, upper-cased. */
export function statusLabel(status: string): string {
  return status.trim().toUpperCase();
}
