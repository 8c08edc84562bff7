import type { Signal, SignalView } from '../schemas/signals';

// Who sees a signal's levels (entry, stop, targets) and memo: the paid part of the product.

/**
 * Statuses after which a signal's levels are part of the public record: a finished trade's levels
 * are shown to every signed-in user, an open one's (active, limit, paused) only to subscribers.
 */
export const FINISHED_SIGNAL_STATUSES: readonly string[] = ['closed', 'cancelled', 'withdrawn'];

export interface SignalViewer {
  hasActiveSubscription: boolean;
  isAdmin: boolean;
}

/** Subscribers and administrators see the levels of every signal. */
export function seesAllSignalLevels(viewer: SignalViewer | null): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.hasActiveSubscription);
}

/** Subscribers and administrators see every level; others only those of finished signals. */
export function seesSignalLevels(viewer: SignalViewer | null, status: string): boolean {
  if (seesAllSignalLevels(viewer)) return true;
  return FINISHED_SIGNAL_STATUSES.includes(status);
}

/**
 * The signal as this viewer may read it (REST, tRPC and the live stream alike): for a viewer
 * without a subscription an open signal keeps its instrument, direction, status and times, but its
 * levels are null, its memo empty and `locked` true. Its result is withheld too (a floating result
 * and the risk in pips would give the entry away).
 */
export function signalForViewer(signal: Signal, viewer: SignalViewer | null): SignalView {
  if (seesSignalLevels(viewer, signal.status)) return { ...signal, locked: false };
  return {
    ...signal,
    entryPrice: null,
    slPrice: null,
    t0Price: null,
    t1Price: null,
    targetPrice: null,
    memo: '',
    result: null,
    riskPips: null,
    exitPrice: null,
    // The parts' prices are levels, and a pending order's kind says on which side of the market its entry lies.
    parts: [],
    orderType: null,
    locked: true,
  };
}
