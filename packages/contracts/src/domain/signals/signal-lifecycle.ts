import { roundTo } from './signal-levels';
import { openShare, type TradePart } from './signal-parts';
import { normalizeDirection } from './signals';

// The signal lifecycle, pure: the price watcher and the administrator's actions ask it
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

/** How a pending order fills: a limit below a long's market (above a short's), a stop beyond it. */
export type OrderType = 'market' | 'limit' | 'stop';

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
  /** A pending order's kind (absent: a limit). */
  orderType?: OrderType;
  /** A pending order still unfilled at this time (ms) ends unfilled. */
  expiresAt?: number | null;
  /** Percent of the position taken at T0 (absent: 0, the whole position runs to the exit). */
  t0Share?: number;
  /** Parts of the position already closed. */
  parts?: TradePart[];
}

/** One feed observation: the polled price and, when known, the range since the last one (1-minute candles). */
export interface FeedTick {
  price: number;
  high?: number | null;
  low?: number | null;
  /** When (ms): a pending order's expiry is judged on it. */
  at?: number;
}

export type LifecycleEvent =
  | { type: 'activated'; price: number }
  | { type: 't0_hit'; price: number; share?: number }
  | { type: 'partial_closed'; price: number; share: number }
  | { type: 'stop_moved'; price: number; from: number; to: number; trailed?: boolean }
  | { type: 'closed'; price: number; reason: CloseReason; share?: number }
  | { type: 'cancelled'; price: number | null; expired?: boolean }
  | { type: 'withdrawn'; price: number | null; share?: number };

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

/** A fill (at `price`, else the entry): the activation, as at publication of an `active` signal. */
export function activate(state: LifecycleState, price: number = state.entryPrice): Transition {
  const fill = price5(price);
  return {
    state: { ...state, status: 'active', fillPrice: fill, bestPrice: fill, worstPrice: fill },
    events: [{ type: 'activated', price: fill }],
  };
}

const partsOfState = (s: LifecycleState) => s.parts ?? [];
const withPart = (s: LifecycleState, part: TradePart): LifecycleState => ({ ...s, parts: [...partsOfState(s), part] });

/** Closes what is still open at `price`. */
function closeRest(s: LifecycleState, price: number, reason: CloseReason): Transition {
  const share = openShare(partsOfState(s));
  const closed = excursion({ ...withPart(s, { kind: 'exit', share, price: price5(price) }), status: 'closed' }, price);
  return { state: closed, events: [{ type: 'closed', price: price5(price), reason, share }] };
}

/**
 * What one feed observation does to a signal. The levels are judged on the tick's range (the
 * 1-minute candles' high and low since the last tick) as well as its price, so a spike between two
 * polls counts.
 *
 * - A pending order past its expiry ends unfilled (cancelled, expired). A limit fills when the feed
 *   reaches its entry (long: at or below), a stop order when it passes it (long: at or above); it
 *   fills at the tick's price when the price itself is beyond the entry (a gap), else at the entry.
 * - A filled trade meets T0 (its T0 share is taken there and the stop moves to the fill when the
 *   option is on), T1 (the rest closes at T1) or its stop: a price already beyond the stop closes
 *   the rest at that price (a loss larger than 1R is recorded as it happened); a stop touched only
 *   by the range closes at the stop. When one minute touched both T1 and the stop, the stop is taken.
 * Paused and finished signals do not move.
 */
export function applyTick(state: LifecycleState, input: number | FeedTick): Transition {
  const tick: FeedTick = typeof input === 'number' ? { price: input } : input;
  const price = tick.price;
  if (!Number.isFinite(price) || !(state.status === 'limit' || state.status === 'active')) return { state, events: [] };
  const short = normalizeDirection(state.direction) === 'short';
  let high = Math.max(price, Number.isFinite(tick.high) ? (tick.high as number) : price);
  let low = Math.min(price, Number.isFinite(tick.low) ? (tick.low as number) : price);
  let s = state;
  const events: LifecycleEvent[] = [];

  if (s.status === 'limit') {
    if (s.expiresAt != null && tick.at !== undefined && tick.at >= s.expiresAt) {
      return { state: { ...s, status: 'cancelled' }, events: [{ type: 'cancelled', price: null, expired: true }] };
    }
    const stopOrder = s.orderType === 'stop';
    // A limit waits for the market to come against the direction, a stop order for it to run with it.
    const extreme = stopOrder === short ? low : high;
    const reached = stopOrder
      ? reachedFavourable(s.direction, extreme, s.entryPrice)
      : reachedAdverse(s.direction, short ? high : low, s.entryPrice);
    if (!reached) return { state: s, events: [] };
    const beyond = stopOrder
      ? reachedFavourable(s.direction, price, s.entryPrice)
      : reachedAdverse(s.direction, price, s.entryPrice);
    const fill = activate(s, beyond ? price : s.entryPrice);
    s = fill.state;
    events.push(...fill.events);
    // What happened in the range before the fill is not the trade's: from here, the price only.
    high = price;
    low = price;
  }
  const fillPrice = s.fillPrice ?? s.entryPrice;
  const favourable = short ? low : high;
  let adverse = short ? high : low;

  if (!s.t0Hit && reachedFavourable(s.direction, favourable, s.t0Price)) {
    const share = Math.min(s.t0Share ?? 0, openShare(partsOfState(s)));
    s = excursion({ ...s, t0Hit: true }, s.t0Price);
    if (share > 0) s = withPart(s, { kind: 't0', share, price: s.t0Price });
    events.push({ type: 't0_hit', price: s.t0Price, ...(share > 0 ? { share } : {}) });
    if (openShare(partsOfState(s)) <= 0) {
      s = excursion({ ...s, status: 'closed' }, s.t0Price);
      events.push({ type: 'closed', price: s.t0Price, reason: 'target', share: 0 });
      return { state: s, events };
    }
    if (s.stopToEntry && price5(s.slPrice) !== price5(fillPrice)) {
      events.push({ type: 'stop_moved', price: s.t0Price, from: s.slPrice, to: fillPrice });
      s = { ...s, slPrice: fillPrice };
      // The range may hold prices from before T0: the moved stop is judged on the price only.
      adverse = price;
    }
  }

  const stopReason: CloseReason = price5(s.slPrice) === price5(fillPrice) ? 'breakeven' : 'stop';
  const end = (exit: number, reason: CloseReason): Transition => {
    // The excursion ends at the exit: what the market did beyond it was no longer the trade's.
    const t = closeRest(s, exit, reason);
    return { state: t.state, events: [...events, ...t.events] };
  };
  if (reachedFavourable(s.direction, price, s.t1Price)) return end(s.t1Price, 'target');
  if (reachedAdverse(s.direction, price, s.slPrice)) return end(price, stopReason);
  if (reachedAdverse(s.direction, adverse, s.slPrice)) return end(s.slPrice, stopReason);
  if (reachedFavourable(s.direction, favourable, s.t1Price)) return end(s.t1Price, 'target');
  return { state: excursion(excursion(excursion(s, high), low), price), events };
}

const finishedMessage = (status: string) => `This signal is ${status} and can no longer change`;

/** The administrator closes a filled signal at a given exit price (the live price, see `checkMarketExit`). */
export function closeAt(state: LifecycleState, exitPrice: number): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null) {
    throw new LifecycleError('conflict', 'This signal was never filled: cancel or withdraw it instead of closing it');
  }
  return closeRest(state, exitPrice, 'manual');
}

/** The desk closes `share` percent of the whole position now, at the live price; all that is left closes the trade. */
export function closePart(state: LifecycleState, share: number, price: number): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null)
    throw new LifecycleError('conflict', 'This signal was never filled: there is no position to close');
  const open = openShare(partsOfState(state));
  if (!(share > 0) || share > open) {
    throw new LifecycleError('bad_request', `Share must be more than 0 and at most the ${open} % still open`, 'share');
  }
  if (share === open) return closeRest(state, price, 'manual');
  const s = excursion(withPart(state, { kind: 'manual', share, price: price5(price) }), price);
  return { state: s, events: [{ type: 'partial_closed', price: price5(price), share }] };
}

/**
 * The desk trails the stop of a filled trade to `level`: only towards the trade's favour, and on the
 * losing side of the live price (a stop the market already passed would close the trade at once).
 */
export function trailStop(state: LifecycleState, level: number, livePrice: number): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null)
    throw new LifecycleError('conflict', 'This signal was never filled: edit its stop instead');
  const to = price5(level);
  if (!reachedFavourable(state.direction, to, state.slPrice) || to === price5(state.slPrice)) {
    throw new LifecycleError(
      'bad_request',
      `A trailed stop moves in the trade's favour, beyond the current stop ${state.slPrice}`,
      'slPrice',
    );
  }
  if (reachedAdverse(state.direction, livePrice, to)) {
    throw new LifecycleError(
      'bad_request',
      `The live price ${livePrice} has already passed ${to}: close the trade instead`,
      'slPrice',
    );
  }
  return {
    state: { ...state, slPrice: to },
    events: [{ type: 'stop_moved', price: price5(livePrice), from: state.slPrice, to, trailed: true }],
  };
}

/** The administrator cancels a limit signal that was never filled. */
export function cancel(state: LifecycleState): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice !== null) {
    throw new LifecycleError(
      'conflict',
      'Only an unfilled limit signal can be cancelled: close or withdraw a filled one',
    );
  }
  return { state: { ...state, status: 'cancelled' }, events: [{ type: 'cancelled', price: null }] };
}

/**
 * The administrator withdraws a published signal. It stays in the record as withdrawn; a filled one
 * is valued at `lastPrice` (the last live price, else its fill), so withdrawing never hides a loss.
 */
export function withdraw(state: LifecycleState, lastPrice: number | null): Transition {
  if (isFinishedStatus(state.status)) throw new LifecycleError('conflict', finishedMessage(state.status));
  if (state.fillPrice === null)
    return { state: { ...state, status: 'withdrawn' }, events: [{ type: 'withdrawn', price: null }] };
  const exit = price5(lastPrice !== null && Number.isFinite(lastPrice) ? lastPrice : state.fillPrice);
  const share = openShare(partsOfState(state));
  const s = excursion({ ...withPart(state, { kind: 'exit', share, price: exit }), status: 'withdrawn' }, exit);
  return { state: s, events: [{ type: 'withdrawn', price: exit, share }] };
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
  const action =
    wanted === 'closed' ? 'close it at an exit price' : wanted === 'cancelled' ? 'cancel it' : 'withdraw it';
  throw new LifecycleError('bad_request', `Status cannot be set to ${wanted} by an edit: ${action} instead`, 'status');
}

/** A refusal of a price check: the field it concerns and the message shown as it is. */
export interface PriceIssue {
  field: string;
  message: string;
}

const fmt = (n: number) => String(price5(n));

/**
 * A market (ACTIVE) signal against the live price: its entry within `tolerance` (a price distance;
 * `units` and `unitName` say it in the instrument's units), and neither its stop nor a target already
 * passed. A pending order's levels are checked against its entry by the level rule instead.
 */
export function checkMarketEntry(
  levels: { direction: string; entryPrice: number; slPrice: number; t0Price: number; t1Price: number },
  live: number,
  tolerance: { price: number; units: number; unitName: string; unitSize: number },
): PriceIssue[] {
  const issues: PriceIssue[] = [];
  const off = Math.abs(levels.entryPrice - live);
  if (off > tolerance.price + 1e-9) {
    const distance = roundTo(off / tolerance.unitSize, 1);
    issues.push({
      field: 'entryPrice',
      message:
        `Entry ${fmt(levels.entryPrice)} is ${distance} ${tolerance.unitName} from the live price ${fmt(live)} ` +
        `(a market signal must be within ${tolerance.units} ${tolerance.unitName}): publish it as a LIMIT or STOP order instead`,
    });
  }
  if (reachedAdverse(levels.direction, live, levels.slPrice)) {
    issues.push({
      field: 'slPrice',
      message: `The live price ${fmt(live)} has already passed the stop ${fmt(levels.slPrice)}`,
    });
  }
  if (reachedFavourable(levels.direction, live, levels.t0Price)) {
    issues.push({
      field: 't0Price',
      message: `The live price ${fmt(live)} has already passed Take Profit 0 ${fmt(levels.t0Price)}`,
    });
  } else if (reachedFavourable(levels.direction, live, levels.t1Price)) {
    issues.push({
      field: 't1Price',
      message: `The live price ${fmt(live)} has already passed Take Profit 1 ${fmt(levels.t1Price)}`,
    });
  }
  return issues;
}

/** Whether a pending order at `entry` is a stop order (beyond the market in the trade's direction) or a limit. */
export function pendingOrderType(direction: string, entry: number, live: number | null): OrderType {
  if (live === null || !Number.isFinite(live)) return 'limit';
  return reachedFavourable(direction, entry, live) && price5(entry) !== price5(live) ? 'stop' : 'limit';
}

/**
 * A typed exit against the feed: within the range of the live price and the last tick's price,
 * widened by `tolerance` (a price distance). Null when acceptable, else the refusal.
 */
export function checkMarketExit(
  typed: number,
  live: number,
  lastTick: number | null,
  tolerance: number,
): PriceIssue | null {
  const lo = Math.min(live, lastTick ?? live) - tolerance;
  const hi = Math.max(live, lastTick ?? live) + tolerance;
  if (typed >= lo - 1e-9 && typed <= hi + 1e-9) return null;
  return {
    field: 'exitPrice',
    message: `Exit ${fmt(typed)} is outside the market: the live price is ${fmt(live)} (accepted ${fmt(lo)} to ${fmt(hi)}); leave the exit empty to close at market`,
  };
}
