import {
  activate,
  applyTick,
  closeAt,
  DEFAULT_PRICES,
  roundTo,
  type Instrument,
  type LifecycleEvent,
  type LifecycleState,
} from '@t0/contracts';

// A few months of closed demo signals for a first start, so the track record is not empty. Each one
// is played through the real lifecycle (the same `applyTick` the price watcher uses) on a seeded
// random walk of half-hourly prices; what it answers becomes the signal's events and final state.
// Deterministic for a given start time; marked as demo and left out of the record with SEED_DEMO=false.

const HOUR = 60 * 60 * 1000;
const TICK_MS = HOUR / 2;
const MAX_TICKS = 24 * 2 * 6;
const UNFILLED_TICKS = 48;

export interface DemoEvent {
  type: LifecycleEvent['type'] | 'created';
  price: number | null;
  at: Date;
  data: Record<string, unknown>;
}

export interface DemoTrade {
  instrument: Instrument;
  direction: 'long' | 'short';
  entryPrice: number;
  slPrice: number;
  t0Price: number;
  t1Price: number;
  status: string;
  memo: string;
  confidence: number;
  monthlyBias: 'Bullish' | 'Bearish';
  publishedAt: Date;
  state: LifecycleState;
  lastPrice: number;
  closedAt: Date | null;
  closeReason: string | null;
  exitPrice: number | null;
  events: DemoEvent[];
}

/** mulberry32: a small seeded generator, so the demo history is the same on every first start. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Typical stop distance per instrument (in price). */
const RISK: Record<Instrument, number> = { AUDUSD: 0.0035, GBPUSD: 0.0045, GBPJPY: 0.55, US30: 280 };
const INSTRUMENTS: Instrument[] = ['GBPJPY', 'AUDUSD', 'US30', 'GBPUSD'];
const decimals = (i: Instrument) => (i === 'US30' ? 0 : i === 'GBPJPY' ? 3 : 5);

const MEMOS = [
  'Break and retest of the daily level',
  'Rejection from weekly supply',
  'Higher low into trend continuation',
  'Liquidity sweep below the range low',
  'Failed breakout, back inside the range',
  'Pullback to the 4H demand zone',
];

function storedEvent(e: LifecycleEvent, at: Date, s: LifecycleState): DemoEvent {
  switch (e.type) {
    case 'stop_moved':
      return { type: e.type, price: e.price, at, data: { from: e.from, to: e.to } };
    case 'closed':
      return {
        type: e.type,
        price: e.price,
        at,
        data: { reason: e.reason, bestPrice: s.bestPrice, worstPrice: s.worstPrice },
      };
    default:
      return { type: e.type, price: e.price, at, data: {} };
  }
}

/** One demo signal published at `publishedAt`, played tick by tick until it ends (or `now`). */
function playTrade(n: number, publishedAt: Date, now: Date, rnd: () => number): DemoTrade {
  const instrument = INSTRUMENTS[n % INSTRUMENTS.length]!;
  const direction = rnd() < 0.5 ? 'long' : 'short';
  const sign = direction === 'long' ? 1 : -1;
  const d = decimals(instrument);
  const base = DEFAULT_PRICES[instrument] * (1 + (rnd() - 0.5) * 0.03);
  const risk = RISK[instrument] * (0.8 + rnd() * 0.5);
  const limit = rnd() < 0.3;
  const start = roundTo(base, d);
  const entry = roundTo(limit ? start - sign * risk * 0.25 : start, d);
  const sl = roundTo(entry - sign * risk, d);
  const t0 = roundTo(entry + sign * risk * (1 + rnd() * 0.4), d);
  const t1 = roundTo(entry + sign * risk * (2 + rnd() * 0.8), d);
  let state: LifecycleState = {
    direction,
    status: limit ? 'limit' : 'active',
    entryPrice: entry,
    slPrice: sl,
    t0Price: t0,
    t1Price: t1,
    t0Hit: false,
    stopToEntry: rnd() < 0.8,
    fillPrice: null,
    bestPrice: null,
    worstPrice: null,
  };
  const trade: DemoTrade = {
    instrument,
    direction,
    entryPrice: entry,
    slPrice: sl,
    t0Price: t0,
    t1Price: t1,
    status: state.status,
    memo: MEMOS[n % MEMOS.length]!,
    confidence: 60 + Math.floor(rnd() * 35),
    monthlyBias: direction === 'long' ? 'Bullish' : 'Bearish',
    publishedAt,
    state,
    lastPrice: start,
    closedAt: null,
    closeReason: null,
    exitPrice: null,
    events: [
      {
        type: 'created',
        price: null,
        at: publishedAt,
        data: {
          instrument,
          direction,
          entryPrice: entry,
          slPrice: sl,
          t0Price: t0,
          t1Price: t1,
          status: state.status,
          stopToEntry: state.stopToEntry,
          confidence: 0,
          monthlyBias: direction === 'long' ? 'Bullish' : 'Bearish',
          memo: MEMOS[n % MEMOS.length]!,
          demo: true,
        },
      },
    ],
  };
  trade.events[0]!.data.confidence = trade.confidence;
  if (!limit) {
    const fill = activate(state);
    state = fill.state;
    trade.events.push({ type: 'activated', price: entry, at: publishedAt, data: {} });
  }
  // A slight edge in the trade's favour, as a signal service that deserves its fee would have.
  const drift = sign * risk * 0.002;
  const step = risk * 0.16;
  let price = start;
  for (let i = 1; i <= MAX_TICKS; i++) {
    const at = new Date(publishedAt.getTime() + i * TICK_MS);
    if (at >= now) break;
    price = roundTo(price + drift + (rnd() - 0.5) * 2 * step, d);
    trade.lastPrice = price;
    if (state.status === 'limit' && i > UNFILLED_TICKS) {
      state = { ...state, status: 'cancelled' };
      trade.events.push({ type: 'cancelled', price: null, at, data: {} });
      trade.closedAt = at;
      break;
    }
    const t = applyTick(state, price);
    state = t.state;
    for (const e of t.events) trade.events.push(storedEvent(e, at, state));
    if (state.status === 'closed') {
      const closed = t.events.find((e) => e.type === 'closed');
      trade.closedAt = at;
      trade.closeReason = closed && closed.type === 'closed' ? closed.reason : null;
      trade.exitPrice = closed?.price ?? null;
      break;
    }
    if (i === MAX_TICKS && state.fillPrice !== null) {
      // Still open after six days: the desk closes it by hand at the market.
      const c = closeAt(state, price);
      state = c.state;
      trade.events.push(storedEvent(c.events[0]!, at, state));
      trade.closedAt = at;
      trade.closeReason = 'manual';
      trade.exitPrice = price;
    }
  }
  trade.state = state;
  trade.status = state.status;
  return trade;
}

/**
 * Demo signals published over the last `days` days (about one every two days), each finished by the
 * lifecycle before `now`; ones still open at `now` are left out (the demo's open signals are the
 * hand-written ones).
 */
export function demoHistory(now: Date, days = 120, seed = 20261126): DemoTrade[] {
  const rnd = random(seed);
  const trades: DemoTrade[] = [];
  let at = now.getTime() - days * 24 * HOUR;
  const end = now.getTime() - 8 * 24 * HOUR;
  for (let n = 0; at < end; n++) {
    const publishedAt = new Date(Math.floor(at / TICK_MS) * TICK_MS);
    const trade = playTrade(n, publishedAt, now, rnd);
    if (trade.closedAt) trades.push(trade);
    at += (30 + rnd() * 36) * HOUR;
  }
  return trades;
}
