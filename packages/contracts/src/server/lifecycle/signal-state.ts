import type { SignalRow } from '@t0/db';
import type { LifecycleState } from '../../domain/signal-lifecycle';

const num = (v: string | number) => (typeof v === 'number' ? v : Number(v));
const maybe = (v: string | number | null) => (v === null ? null : num(v));

/** The lifecycle's view of a stored signal. */
export function stateOfRow(row: SignalRow): LifecycleState {
  return {
    direction: row.direction,
    status: row.status,
    entryPrice: num(row.entryPrice),
    slPrice: num(row.slPrice),
    t0Price: num(row.t0Price),
    t1Price: num(row.t1Price),
    t0Hit: row.t0Hit,
    stopToEntry: row.stopToEntry,
    fillPrice: maybe(row.fillPrice),
    bestPrice: maybe(row.bestPrice),
    worstPrice: maybe(row.worstPrice),
  };
}

/** The columns a transition changes. */
export function stateColumns(s: LifecycleState) {
  return {
    status: s.status,
    t0Hit: s.t0Hit,
    slPrice: s.slPrice,
    fillPrice: s.fillPrice,
    bestPrice: s.bestPrice,
    worstPrice: s.worstPrice,
  };
}
