import type { Database, Db, SignalRow } from '@t0/db';
import { CompiledQuery, sql, type Insertable, type UpdateObject } from 'kysely';
import type { Instrument } from '@t0/contracts/domain/common/constants';
import { riskPips, tradeResult } from '@t0/contracts/domain/signals/signal-levels';
import { openShare, partsOf, weightedResult } from '@t0/contracts/domain/signals/signal-parts';
import { normalizeDirection, WATCHED_SIGNAL_STATUSES, type SignalStatus } from '@t0/contracts/domain/signals/signals';
import type { Signal } from '@t0/contracts/schemas/signals/signals';

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
 * The signal as the API answers it (prices as numbers, `targetPrice` = T1, `createdAt` as an ISO string) with
 * its lifecycle: risk in pips, result, exit and close time and reason.
 */
export function toSignal(row: SignalRow): Signal {
  const risk = maybe(row.riskPrice);
  return {
    id: row.id,
    room: row.room,
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
    completedAt: row.completedAt.toISOString(),
    releasedAt: row.releasedAt.toISOString(),
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
    author:
      row.analystId === null
        ? null
        : { slug: row.authorSlug ?? '', name: row.authorName ?? '', title: row.authorTitle ?? '' },
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

/** One signal's row, or undefined. */
export function findSignal(db: Db, id: number) {
  return db.selectFrom('signals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One signal's row locked for update until `db` (a transaction) ends, or undefined. */
export function findSignalForUpdate(db: Db, id: number) {
  return db.selectFrom('signals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** One signal's status alone, or undefined when there is no such signal. */
/** The analyst as shown with their signals changes (a rename, a new title): the chain is not touched. */
export async function updateSignalAuthors(
  db: Db,
  analystId: number,
  shown: { slug: string; name: string; title: string },
): Promise<void> {
  await db
    .updateTable('signals')
    .set({ authorSlug: shown.slug, authorName: shown.name, authorTitle: shown.title })
    .where('analystId', '=', analystId)
    .execute();
}

/** The analyst who published a signal: `{ analystId }` (null: the desk), undefined when there is no such signal. */
export function findSignalAuthorId(db: Db, id: number) {
  return db.selectFrom('signals').select('analystId').where('id', '=', id).executeTakeFirst();
}

export function findSignalStatus(db: Db, id: number) {
  return db.selectFrom('signals').select(['status', 'room']).where('id', '=', id).executeTakeFirst();
}

/** Every signal's id and status. */
export function listSignalStatuses(db: Db) {
  return db.selectFrom('signals').select(['id', 'status', 'room']).execute();
}

/** The signals the price watcher judges (limit and active ones), in id order. */
export function listWatchedSignals(db: Db) {
  return db
    .selectFrom('signals')
    .selectAll()
    .where('status', 'in', [...WATCHED_SIGNAL_STATUSES])
    .orderBy('id')
    .execute();
}

/** Inserts a signal; answers the stored row. */
export function insertSignal(db: Db, values: Insertable<Database['signals']>) {
  return db.insertInto('signals').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets columns of one signal and its `updatedAt` to now; answers the updated row (throws when there is none). */
export function updateSignal(db: Db, id: number, values: UpdateObject<Database, 'signals'>) {
  return db
    .updateTable('signals')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The columns a transition writes besides its state: the live price it saw and, at a close, how it ended. */
export interface TransitionColumns {
  /** The live price and its feed time; not written over a price from a newer snapshot. */
  price?: { price: number; at: Date };
  /** At a close (closed, withdrawn, cancelled): `closedAt` is set to now with these. */
  close?: { closeReason: string | null; exitPrice: number | null };
}

/**
 * Writes a transition's state to a signal, guarded on the status and T0 flag it was computed from,
 * with the live price it saw (unless the signal holds one from a newer snapshot) and, at a close,
 * the close time, reason and exit. Answers the updated row, or undefined when the stored signal
 * moved on.
 */
export function updateSignalTransition(
  db: Db,
  from: Pick<SignalRow, 'id' | 'status' | 't0Hit'>,
  state: UpdateObject<Database, 'signals'>,
  cols: TransitionColumns = {},
) {
  const { price, close } = cols;
  return db
    .updateTable('signals')
    .set({
      ...state,
      ...(price
        ? {
            currentPrice: sql<string>`case when priced_at is null or priced_at <= ${price.at} then ${price.price} else current_price end`,
            pricedAt: sql<Date>`greatest(priced_at, ${price.at})`,
          }
        : {}),
      ...(close ? { closedAt: sql<Date>`now()`, closeReason: close.closeReason, exitPrice: close.exitPrice } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', from.id)
    .where('status', '=', from.status)
    .where('t0Hit', '=', from.t0Hit)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records a price on a signal without a transition: the price and its feed time, and the excursion
 * (best and worst price) once filled; guarded on the status it was read with, and not over a price
 * from a newer snapshot. Answers whether the row was written.
 */
export async function recordSignalPrice(db: Db, row: SignalRow, price: number, at: Date): Promise<boolean> {
  const filled = row.status === 'active' && row.fillPrice !== null;
  const short = normalizeDirection(row.direction) === 'short';
  const best = short
    ? sql<string>`least(coalesce(best_price, ${price}), ${price})`
    : sql<string>`greatest(coalesce(best_price, ${price}), ${price})`;
  const worst = short
    ? sql<string>`greatest(coalesce(worst_price, ${price}), ${price})`
    : sql<string>`least(coalesce(worst_price, ${price}), ${price})`;
  const res = await db
    .updateTable('signals')
    .set({ currentPrice: price, pricedAt: at, ...(filled ? { bestPrice: best, worstPrice: worst } : {}) })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where((eb) => eb.or([eb('pricedAt', 'is', null), eb('pricedAt', '<=', at)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes one signal's row. */
export async function deleteSignal(db: Db, id: number): Promise<void> {
  await db.deleteFrom('signals').where('id', '=', id).execute();
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
