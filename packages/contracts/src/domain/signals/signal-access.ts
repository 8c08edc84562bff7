import type { Signal, SignalView } from '../../schemas/signals/signals';
import { entitlementFor, type AccessViewer } from '../access/access';

// What of a signal a viewer may read: the paid part of the product. The decision is the one of
// `access.ts` (a signal is an item of its room, open until it finishes); this file says what
// "locked" leaves of a signal.

/**
 * Statuses after which a signal's levels are part of the public record: a finished trade's levels
 * are shown to every signed-in user, an open one's (active, limit, paused) only to holders of its room.
 */
export const FINISHED_SIGNAL_STATUSES: readonly string[] = ['closed', 'cancelled', 'withdrawn'];

/** Who reads signals: the account's roles and the rooms it holds. */
export type SignalViewer = AccessViewer;

export const isOpenSignalStatus = (status: string) => !FINISHED_SIGNAL_STATUSES.includes(status);

/** Whether the viewer reads this signal whole: its room's holders and administrators, or everyone once it finished. */
export function seesSignalLevels(viewer: SignalViewer | null, signal: { room: string; status: string }): boolean {
  return entitlementFor(viewer, { room: signal.room, open: isOpenSignalStatus(signal.status) }) === 'full';
}

/** The status a locked signal shows: that it is open, not which kind of open (pending, filled, paused). */
export const LOCKED_SIGNAL_STATUS = 'open';

/**
 * The signal as this viewer may read it (REST, tRPC and the live stream alike). A locked open
 * signal keeps its id, room, instrument and publication time and says that it is open; everything
 * that moves with the trade or the market is withheld until it finishes: direction, levels, memo,
 * result, order kind, status changes, parts, stop-to-entry, bias and confidence, and every time
 * after publication (a time something was reached gives the level away to within a tick).
 */
export function signalForViewer(signal: Signal, viewer: SignalViewer | null): SignalView {
  if (seesSignalLevels(viewer, signal)) return { ...signal, locked: false };
  return lockedSignal(signal);
}

/** What a locked signal shows (see `signalForViewer`). */
export function lockedSignal(signal: Signal): SignalView {
  return {
    id: signal.id,
    room: signal.room,
    // Who published it is the label of the recommendation, not its content.
    author: signal.author,
    instrument: signal.instrument,
    createdAt: signal.createdAt,
    // The labels' times come before the content and give none of it away.
    completedAt: signal.completedAt,
    releasedAt: signal.releasedAt,
    demo: signal.demo,
    status: LOCKED_SIGNAL_STATUS,
    direction: null,
    entryPrice: null,
    slPrice: null,
    t0Price: null,
    t1Price: null,
    targetPrice: null,
    currentPrice: null,
    monthlyBias: null,
    confidence: null,
    memo: '',
    t0Hit: null,
    stopToEntry: null,
    riskPips: null,
    result: null,
    exitPrice: null,
    closedAt: null,
    closeReason: null,
    orderType: null,
    expiresAt: null,
    t0Share: null,
    openShare: null,
    parts: [],
    locked: true,
  };
}

/**
 * A signal's room and status for the decision; a deleted signal's events read as an open signal of
 * no room (administrators alone read them whole).
 */
export const signalOfRow = (row: { status: string | null; room: string | null } | undefined) => ({
  room: row?.room ?? '',
  status: row?.status ?? 'deleted',
});

/** What a locked signal notice shows instead of its title and message (they carry the levels). */
export const LOCKED_NOTICE = {
  title: 'Signal update',
  message: 'An open signal in a room your plan does not include. It shows here in full once the signal closes.',
} as const;
