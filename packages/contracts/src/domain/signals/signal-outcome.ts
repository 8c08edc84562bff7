import { directionSign, roundTo, tradeResult } from './signal-levels';
import type { CloseReason } from './signal-lifecycle';
import { openShare, weightedResult, type TradePart } from './signal-parts';

// A signal's outcome, computed from its event log alone (never from the mutable signals row): the
// fill, the exit, pips and R against the risk fixed at publication, duration, and the best and worst
// excursion while filled (MFE / MAE in R).

export const SIGNAL_EVENT_TYPES = [
  'created',
  'edited',
  'activated',
  't0_hit',
  'partial_closed',
  'stop_moved',
  'closed',
  'cancelled',
  'withdrawn',
  'deleted',
] as const;
export type SignalEventType = (typeof SIGNAL_EVENT_TYPES)[number];

/** What the outcome needs of one event (oldest first). */
export interface SignalEventFacts {
  signalId: number;
  type: string;
  price: number | null;
  at: string | Date;
  data: Record<string, unknown>;
}

export type TradeOutcome = 'win' | 'loss' | 'breakeven';

/** How a signal ended, as the record shows it. */
export const EXIT_KINDS = ['target', 'stop', 'stop_at_entry', 'manual', 'withdrawn', 'expired'] as const;
export type ExitKind = (typeof EXIT_KINDS)[number];
export const EXIT_KIND_LABELS: Record<ExitKind, string> = {
  target: 'Target',
  stop: 'Stop',
  stop_at_entry: 'Stop at entry',
  manual: 'Manual at market',
  withdrawn: 'Withdrawn at market',
  expired: 'Expired unfilled',
};

/** Shown with the record and on top of its CSV. */
export const HYPOTHETICAL_RESULTS_NOTICE =
  "Hypothetical results: computed from the price feed's prices at each event, not from broker fills. " +
  'Hypothetical performance has inherent limitations: no trade was actually executed, and results do not account ' +
  'for spreads, slippage, commissions or the liquidity of a real account. Past results do not guarantee future results.';

/** The exit kind of a close reason (the signals row's `closeReason`, or an outcome's). */
export function exitKindOf(reason: string | null | undefined): ExitKind | null {
  switch (reason) {
    case 'target':
    case 'stop':
    case 'manual':
    case 'withdrawn':
    case 'expired':
      return reason;
    case 'breakeven':
      return 'stop_at_entry';
    default:
      return null;
  }
}

/** win when R > 0, loss when R < 0, break-even at exactly 0 R. */
export const outcomeOf = (r: number): TradeOutcome => (r > 0 ? 'win' : r < 0 ? 'loss' : 'breakeven');

export interface SignalOutcome {
  signalId: number;
  instrument: string;
  direction: string;
  /** From the created event: seeded demo content. */
  demo: boolean;
  publishedAt: string | null;
  /** Levels at publication. */
  entryPrice: number | null;
  slPrice: number | null;
  t0Price: number | null;
  t1Price: number | null;
  /** |entry − stop| at publication: the R unit. */
  riskPrice: number | null;
  fillPrice: number | null;
  openedAt: string | null;
  exitPrice: number | null;
  closedAt: string | null;
  reason: CloseReason | null;
  /** How it ended, for the record (an expired pending order too, though it is no trade). */
  exitKind: ExitKind | null;
  /** The feed's price at the fill and when it ended (beside any typed price). */
  fillFeedPrice: number | null;
  exitFeedPrice: number | null;
  /** The parts the position was closed in (T0's share, the desk's, the rest at the exit). */
  parts: TradePart[];
  /** How it ended (null while open). */
  finished: 'closed' | 'cancelled' | 'withdrawn' | 'deleted' | null;
  /** Filled and exited: it counts in the track record. */
  isTrade: boolean;
  pips: number | null;
  r: number | null;
  outcome: TradeOutcome | null;
  /** Best and worst excursion while filled, in R (MFE ≥ 0, MAE ≤ 0). */
  mfeR: number | null;
  maeR: number | null;
  /** From fill to exit. */
  durationMs: number | null;
  edits: number;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const iso = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at).toISOString();

/** The outcome of one signal from its events, oldest first. */
export function signalOutcome(events: readonly SignalEventFacts[]): SignalOutcome {
  const o: SignalOutcome = {
    signalId: events[0]?.signalId ?? 0,
    instrument: '',
    direction: 'long',
    demo: false,
    publishedAt: null,
    entryPrice: null,
    slPrice: null,
    t0Price: null,
    t1Price: null,
    riskPrice: null,
    fillPrice: null,
    openedAt: null,
    exitPrice: null,
    closedAt: null,
    reason: null,
    exitKind: null,
    fillFeedPrice: null,
    exitFeedPrice: null,
    parts: [],
    finished: null,
    isTrade: false,
    pips: null,
    r: null,
    outcome: null,
    mfeR: null,
    maeR: null,
    durationMs: null,
    edits: 0,
  };
  let best: number | null = null;
  let worst: number | null = null;
  for (const e of events) {
    const d = e.data ?? {};
    switch (e.type) {
      case 'created':
        o.instrument = String(d.instrument ?? '');
        o.direction = String(d.direction ?? 'long');
        o.demo = d.demo === true;
        o.publishedAt = iso(e.at);
        o.entryPrice = num(d.entryPrice);
        o.slPrice = num(d.slPrice);
        o.t0Price = num(d.t0Price);
        o.t1Price = num(d.t1Price);
        o.riskPrice =
          o.entryPrice !== null && o.slPrice !== null ? roundTo(Math.abs(o.entryPrice - o.slPrice), 5) : null;
        break;
      case 'edited':
        o.edits += 1;
        break;
      case 'activated':
        o.fillPrice = e.price;
        o.openedAt = iso(e.at);
        o.fillFeedPrice = num(d.feedPrice ?? d.tick);
        break;
      case 't0_hit':
      case 'partial_closed': {
        const share = num(d.share);
        if (share !== null && share > 0 && e.price !== null)
          o.parts.push({ kind: e.type === 't0_hit' ? 't0' : 'manual', share, price: e.price });
        break;
      }
      case 'closed':
      case 'withdrawn':
        o.finished = e.type;
        o.closedAt = iso(e.at);
        o.exitFeedPrice = num(d.feedPrice ?? d.tick);
        if (e.type === 'closed') o.reason = (d.reason as CloseReason) ?? null;
        else if (o.fillPrice !== null) o.reason = 'withdrawn';
        o.exitKind = exitKindOf(o.reason);
        if (o.fillPrice !== null && e.price !== null) {
          o.exitPrice = e.price;
          best = num(d.bestPrice);
          worst = num(d.worstPrice);
        }
        break;
      case 'cancelled':
      case 'deleted':
        o.finished = e.type;
        o.closedAt = iso(e.at);
        if (e.type === 'cancelled' && d.reason === 'expired') o.exitKind = 'expired';
        break;
    }
  }
  // The rest of the position (all of it when nothing was taken before) at the exit.
  if (o.exitPrice !== null && o.fillPrice !== null) {
    const rest = openShare(o.parts);
    if (rest > 0) o.parts.push({ kind: 'exit', share: rest, price: o.exitPrice });
  }
  const result =
    o.parts.length > 0 && o.exitPrice !== null
      ? weightedResult(o.instrument, o.direction, o.fillPrice, o.riskPrice, o.parts, null)
      : tradeResult(o.instrument, o.direction, o.fillPrice, o.exitPrice, o.riskPrice);
  if (result && o.fillPrice !== null && o.riskPrice) {
    o.isTrade = true;
    o.pips = result.pips;
    o.r = result.r;
    o.outcome = outcomeOf(result.r);
    const sign = directionSign(o.direction);
    const inR = (p: number) => ((p - o.fillPrice!) * sign) / o.riskPrice!;
    o.mfeR = roundTo(Math.max(0, inR(best ?? o.exitPrice!), inR(o.exitPrice!)), 2);
    o.maeR = roundTo(Math.min(0, inR(worst ?? o.exitPrice!), inR(o.exitPrice!)), 2);
    if (o.openedAt && o.closedAt) o.durationMs = Math.max(0, Date.parse(o.closedAt) - Date.parse(o.openedAt));
  }
  return o;
}

/** Events of many signals (any order within a signal's id order) grouped into outcomes. */
export function signalOutcomes(events: readonly SignalEventFacts[]): SignalOutcome[] {
  const bySignal = new Map<number, SignalEventFacts[]>();
  for (const e of events) {
    const list = bySignal.get(e.signalId);
    if (list) list.push(e);
    else bySignal.set(e.signalId, [e]);
  }
  return [...bySignal.values()].map(signalOutcome);
}
