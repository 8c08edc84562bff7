import type { SignalRow } from '@t0/db';
import type { LifecycleState, OrderType } from '@t0/contracts/domain/signals/signal-lifecycle';
import { partsOf } from '@t0/contracts/domain/signals/signal-parts';

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
    orderType: (row.orderType ?? 'market') as OrderType,
    expiresAt: row.expiresAt ? row.expiresAt.getTime() : null,
    t0Share: row.t0Share === undefined || row.t0Share === null ? 0 : num(row.t0Share),
    parts: partsOf(row.parts),
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
    parts: JSON.stringify(s.parts ?? []),
  };
}
