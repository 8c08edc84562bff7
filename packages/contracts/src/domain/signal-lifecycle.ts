import { roundTo } from './signal-levels';
import { normalizeDirection } from './signals';

// The signal lifecycle (issue 13), pure: the price watcher and the administrator's actions ask it
// what a tick or an action does to a signal, then store the events it answers. Nothing here reads a
// clock or a database.
//
//   limit ──price reaches entry──► active ──T0──► active+t0Hit (stop → entry when the option is on)
//     │                              │                      │
//     │ cancel                       ├── T1 ──► closed (target)
//     ▼                              ├── stop ─► closed (stop, or breakeven after the move)
//   cancelled                        └── admin close at a price ─► closed (manual)
//   any open signal ── withdraw ──► withdrawn (a filled one is valued at the last price)

/** Statuses a signal moves through; `paused` is set by the administrator and not followed. */
export const OPEN_SIGNAL_STATUSES = ['limit', 'active', 'paused'] as const;
/** Statuses after which nothing changes any more (their levels are public, see signal-access). */
export const FINISHED_STATUSES = ['closed', 'cancelled', 'withdrawn'] as const;

export type CloseReason = 'target' | 'stop' | 'breakeven' | 'manual' | 'withdrawn';

export interface LifecycleState {
  direction: string;
  status: string;
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
  t0Hit: boolean;
  /** Move the stop to entry once T0 is reached. */
  stopToEntry: boolean;
  /** The price the trade was filled at (its entry), null until activated. */
  fillPrice: number | null;
  /** Best and worst prices seen while filled (in the trade's favour / against it). */
  bestPrice: number | null;
  worstPrice: number | null;
}

export type LifecycleEvent =
  | { type: 'activated'; price: number }
  | { type: 't0_hit'; price: number }
  | { type: 'stop_moved'; price: number; from: number; to: number }
  | { type: 'closed'; price: number; reason: CloseReason }
  | { type: 'cancelled'; price: number | null }
  | { type: 'withdrawn'; price: number | null };

export interface Transition {
  state: LifecycleState;
  events: LifecycleEvent[];
}

/** A lifecycle rule refused an action: `code` maps to the HTTP answer, `message` is shown as it is. */
export class LifecycleError extends Error {
  override readonly name = 'LifecycleError';
  constructor(
    readonly code: 'conflict' | 'bad_request',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isFinishedStatus = (status: string) => (FINISHED_STATUSES as readonly string[]).includes(status);
export const isOpenStatus = (status: string) => (OPEN_SIGNAL_STATUSES as readonly string[]).includes(status);

const price5 = (n: number) => roundTo(n, 5);

/** Favourable for the trade: higher for a long, lower for a short. */
function better(direction: string, a: number, b: number): number {
  return normalizeDirection(direction) === 'short' ? Math.min(a, b) : Math.max(a, b);
}
function worse(direction: string, a: number, b: number): number {
  return normalizeDirection(direction) === 'short' ? Math.max(a, b) : Math.min(a, b);
}

/** Includes a price in the best / worst excursion of a filled trade. */
function excursion(s: LifecycleState, price: number): LifecycleState {
  return {
    ...s,
    bestPrice: better(s.direction, s.bestPrice ?? price, price),
    worstPrice: worse(s.direction, s.worstPrice ?? price, price),
  };
}

/** Whether `price` has reached `level` in the favourable direction (long: at or above). */
export function reachedFavourable(direction: string, price: number, level: number): boolean {
  return normalizeDirection(direction) === 'short' ? price <= level : price >= level;
}
/** Whether `price` has reached `level` in the adverse direction (long: at or below). */
export function reachedAdverse(direction: string, price: number, level: number): boolean {
  return normalizeDirection(direction) === 'short' ? price >= level : price <= level;
}

/** A fill at the entry price: the activation, as at publication of an `active` signal. */
export function activate(state: LifecycleState): Transition {
  const fill = state.entryPrice;
  return {
    state: { ...state, status: 'active', fillPrice: fill, bestPrice: fill, worstPrice: fill },
    events: [{ type: 'activated', price: fill }],
  };
}

/**
 * What one live price does to a signal. A limit fills when the price reaches its entry (long: at or
 * below, short: at or above) and is filled at the entry; an active trade then meets T0 (the stop
 * moves to the fill when the option is on), T1 (closed as a win at T1) or its stop (closed at the
 * stop: a loss, or break-even when the stop stood at the fill). One tick may pass several levels at
 * once; they are taken in that order. Exits are recorded at the level reached. Paused and finished
 * signals do not move.
 */
export function applyTick(state: LifecycleState, price: number): Transition {
  if (!Number.isFinite(price) || !(state.status === 'limit' || state.status === 'active')) return { state, events: [] };
  let s = state;
  const events: LifecycleEvent[] = [];

  if (s.status === 'limit') {
    if (!reachedAdverse(s.direction, price, s.entryPrice)) return { state: s, events: [] };
    const fill = activate(s);
    s = fill.state;
    events.push(...fill.events);
  }
  const fillPrice = s.fillPrice ?? s.entryPrice;

  if (!s.t0Hit && reachedFavourable(s.direction, price, s.t0Price)) {
    s = excursion({ ...s, t0Hit: true }, s.t0Price);
    events.push({ type: 't0_hit', price: s.t0Price });
    if (s.stopToEntry && price5(s.slPrice) !== price5(fillPrice)) {
      events.push({ type: 'stop_moved', price: s.t0Price, from: s.slPrice, to: fillPrice });
      s = { ...s, slPrice: fillPrice };
    }
  }

  if (reachedFavourable(s.direction, price, s.t1Price)) {
    s = excursion({ ...s, status: 'closed' }, s.t1Price);
    events.push({ type: 'closed', price: s.t1Price, reason: 'target' });
    return { state: s, events };
  }
  if (reachedAdverse(s.direction, price, s.slPrice)) {
    const reason: CloseReason = price5(s.slPrice) === price5(fillPrice) ? 'breakeven' : 'stop';
    s = excursion({ ...s, status: 'closed' }, s.slPrice);
    events.push({ type: 'closed', price: s.slPrice, reason });
    return { state: s, events };
  }
  return { state: excursion(s, price), events };
}

const finishedMessage = (status: string) => `This signal is ${status} and can no longer change`;

/** The administrator closes a filled signal at a given exit price. */
export function closeAt(state: LifecycleState, exitPrice: number): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null) {
    throw new LifecycleError('conflict', 'This signal was never filled: cancel or withdraw it instead of closing it');
  }
  const s = excursion({ ...state, status: 'closed' }, exitPrice);
  return { state: s, events: [{ type: 'closed', price: price5(exitPrice), reason: 'manual' }] };
}

/** The administrator cancels a limit signal that was never filled. */
export function cancel(state: LifecycleState): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice !== null) {
    throw new LifecycleError('conflict', 'Only an unfilled limit signal can be cancelled: close or withdraw a filled one');
  }
  return { state: { ...state, status: 'cancelled' }, events: [{ type: 'cancelled', price: null }] };
}

/**
 * The administrator withdraws a published signal. It stays in the record as withdrawn; a filled one
 * is valued at `lastPrice` (the last live price, else its fill), so withdrawing never hides a loss.
 */
export function withdraw(state: LifecycleState, lastPrice: number | null): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null) return { state: { ...state, status: 'withdrawn' }, events: [{ type: 'withdrawn', price: null }] };
  const exit = price5(lastPrice !== null && Number.isFinite(lastPrice) ? lastPrice : state.fillPrice);
  return { state: excursion({ ...state, status: 'withdrawn' }, exit), events: [{ type: 'withdrawn', price: exit }] };
}

/**
 * A status set by an edit: only pausing and resuming. A paused signal resumes to what it was (active
 * once filled, limit before); closing, cancelling and withdrawing have their own actions.
 */
export function editStatus(state: LifecycleState, wanted: string): string {
  if (wanted === state.status) return wanted;
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (wanted === 'paused') return 'paused';
  if (wanted === 'active' || wanted === 'limit') {
    const resumed = state.fillPrice === null ? 'limit' : 'active';
    if (wanted === resumed) return wanted;
    throw new LifecycleError(
      'bad_request',
      wanted === 'active'
        ? 'A limit signal becomes active when the price reaches its entry'
        : 'A filled signal cannot go back to limit',
      'status',
    );
  }
  const action = wanted === 'closed' ? 'close it at an exit price' : wanted === 'cancelled' ? 'cancel it' : 'withdraw it';
  throw new LifecycleError('bad_request', `Status cannot be set to ${wanted} by an edit: ${action} instead`, 'status');
}
