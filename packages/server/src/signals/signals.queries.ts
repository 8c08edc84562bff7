import type { Db, SignalRow } from '@t0/db';
import { CompiledQuery, sql } from 'kysely';
import type { Instrument } from '@t0/contracts/domain/constants';
import { riskPips, tradeResult } from '@t0/contracts/domain/signal-levels';
import { openShare, partsOf, weightedResult } from '@t0/contracts/domain/signal-parts';
import type { SignalStatus } from '@t0/contracts/domain/signals';
import type { Signal } from '@t0/contracts/schemas/signals';

const num = (v: string | number) => (typeof v === 'number' ? v : Number(v));
const maybe = (v: string | number | null) => (v === null ? null : num(v));

/**
 * The result the list answers: a closed (or withdrawn after a fill) signal's outcome, an open filled
 * one's floating result at the last server price; null before a fill or without a recorded risk.
 */
function resultOf(row: SignalRow) {
  const price = row.exitPrice !== null ? row.exitPrice : row.status === 'active' ? row.currentPrice : null;
  const parts = partsOf(row.parts);
  // A trade closed in parts: the weighted result of its parts, the rest at the exit or the live price.
  if (parts.length > 0)
    return weightedResult(
      row.instrument,
      row.direction,
      maybe(row.fillPrice),
      maybe(row.riskPrice),
      parts,
      maybe(price),
    );
  return tradeResult(row.instrument, row.direction, maybe(row.fillPrice), maybe(price), maybe(row.riskPrice));
}

/**
 * The signal of spec 2 §3 (prices as numbers, `targetPrice` = T1, `createdAt` as an ISO string) with
 * its lifecycle: risk in pips, result, exit and close time and reason.
 */
export function toSignal(row: SignalRow): Signal {
  const risk = maybe(row.riskPrice);
  return {
    id: row.id,
    instrument: row.instrument as Instrument,
    direction: row.direction,
    status: row.status as SignalStatus,
    entryPrice: num(row.entryPrice),
    t0Price: num(row.t0Price),
    t1Price: num(row.t1Price),
    slPrice: num(row.slPrice),
    targetPrice: num(row.t1Price),
    currentPrice: row.currentPrice === null ? null : num(row.currentPrice),
    monthlyBias: row.monthlyBias,
    confidence: row.confidence,
    memo: row.memo,
    t0Hit: row.t0Hit,
    createdAt: row.createdAt.toISOString(),
    stopToEntry: row.stopToEntry,
    demo: row.isDemo,
    riskPips: risk === null ? null : riskPips(row.instrument, 0, risk),
    result: resultOf(row),
    exitPrice: maybe(row.exitPrice),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    closeReason: row.closeReason,
    orderType: row.orderType ?? 'market',
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    t0Share: row.t0Share == null ? 0 : num(row.t0Share),
    openShare:
      row.fillPrice === null || row.status === 'closed' || row.status === 'withdrawn'
        ? row.fillPrice === null
          ? 100
          : 0
        : openShare(partsOf(row.parts)),
    parts: partsOf(row.parts),
  };
}

// Polled every 30 s by every signed-in tab: compiled once, not per call (see bench/).
const LIST_SIGNALS = CompiledQuery.raw(
  `select * from signals
   order by case when status in ('active', 'limit') then 0 else 1 end, created_at desc, id desc`,
);

/** Active and limit first, then newest first (rows in camelCase through the CamelCasePlugin). */
export async function listSignals(db: Db): Promise<SignalRow[]> {
  return (await db.executeQuery<SignalRow>(LIST_SIGNALS)).rows;
}

export function findSignal(db: Db, id: number) {
  return db.selectFrom('signals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many accounts a new signal reaches in the terminal: active subscribers. */
export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('hasActiveSubscription', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}
