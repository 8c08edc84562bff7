import type { Instrument } from '../common/constants';

// Signal enumerations and pure rules of the terminal and the console, shared by the server and the web app.

/**
 * Every stored status: the spec's four, plus `cancelled` (an unfilled limit called off) and
 * `withdrawn` (a published signal retracted; it stays in the record).
 */
export const SIGNAL_STATUSES = ['active', 'paused', 'closed', 'limit', 'cancelled', 'withdrawn'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
/** A new signal is published at market (`active`, filled at its entry) or as a `limit` order. */
export const SIGNAL_CREATE_STATUSES = ['active', 'limit'] as const;
/** Statuses an edit may set (pause and resume); the others have their own actions. */
export const SIGNAL_EDIT_STATUSES = ['active', 'paused', 'limit'] as const;

/** A signal published in error can still be deleted this long after publication; later it is withdrawn. */
export const SIGNAL_DELETE_GRACE_MS = 2 * 60 * 1000;

export const SIGNAL_DIRECTIONS = ['long', 'short'] as const;
export type SignalDirection = (typeof SIGNAL_DIRECTIONS)[number];

export const MONTHLY_BIASES = ['Bullish', 'Bearish', 'Potentially Reversing'] as const;
export type MonthlyBias = (typeof MONTHLY_BIASES)[number];

/** Statuses the price watcher follows (an open trade or a pending limit order). */
export const WATCHED_SIGNAL_STATUSES: readonly SignalStatus[] = ['active', 'limit'];

/** numeric(10,5): the largest absolute value a stored price can hold. */
/** Signal prices are stored numeric(15, 5) (BTCUSD trades above 100,000). */
export const SIGNAL_PRICE_MAX = 9_999_999_999.99999;

/** The console's signal create-form defaults. */
export const SIGNAL_FORM_DEFAULTS = {
  instrument: 'AUDUSD' as Instrument,
  direction: 'long' as SignalDirection,
  status: 'active' as SignalStatus,
  monthlyBias: 'Bullish' as MonthlyBias,
};

/** Direction is read case-insensitively; anything that is not short counts as long. */
export function normalizeDirection(direction: string | null | undefined): SignalDirection {
  return String(direction ?? '')
    .trim()
    .toLowerCase() === 'short'
    ? 'short'
    : 'long';
}

/** True when the live price has reached T0 in the trade's direction (long: at or above, short: at or below). */
export function hasReachedT0(direction: string, livePrice: number, t0Price: number): boolean {
  if (!Number.isFinite(livePrice) || !Number.isFinite(t0Price)) return false;
  return normalizeDirection(direction) === 'short' ? livePrice <= t0Price : livePrice >= t0Price;
}

/**
 * Active and limit signals first, then newest first (the terminal's signals table). A locked signal (status `open`,
 * which kind of open withheld) is one of them: it is live too.
 */
export function compareSignals(
  a: { status: string; createdAt: string | Date; id?: number },
  b: { status: string; createdAt: string | Date; id?: number },
): number {
  const rank = (s: string) => (s === 'open' || (WATCHED_SIGNAL_STATUSES as readonly string[]).includes(s) ? 0 : 1);
  const byStatus = rank(a.status) - rank(b.status);
  if (byStatus !== 0) return byStatus;
  const byTime = new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
  if (byTime !== 0) return byTime;
  return (b.id ?? 0) - (a.id ?? 0);
}
