import type { Database, SignalRow } from '@t0/db';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { CONFIDENCE_DEFAULT, type Instrument } from '../../domain/constants';
import { WATCHED_SIGNAL_STATUSES, type SignalStatus } from '../../domain/signals';
import type { Signal, SignalCreate, SignalUpdate } from '../../schemas/signals';

type Db = Kysely<Database>;

const num = (v: string | number) => (typeof v === 'number' ? v : Number(v));

/** The signal of spec 2 §3: prices as numbers, `targetPrice` = T1, `createdAt` as an ISO string. */
export function toSignal(row: SignalRow): Signal {
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

export function insertSignal(db: Db, input: SignalCreate) {
  return db
    .insertInto('signals')
    .values({
      instrument: input.instrument,
      direction: input.direction,
      entryPrice: input.entryPrice,
      slPrice: input.slPrice,
      t0Price: input.t0Price,
      t1Price: input.t1Price,
      memo: input.memo ?? '',
      confidence: input.confidence ?? CONFIDENCE_DEFAULT,
      monthlyBias: input.monthlyBias,
      status: input.status,
      currentPrice: input.currentPrice ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes the given fields; answers undefined for an unknown id. */
export function updateSignal(db: Db, input: SignalUpdate) {
  const { id, createdAt, ...fields } = input;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) values[key] = value;
  if (createdAt !== undefined) values.createdAt = new Date(createdAt);
  return db
    .updateTable('signals')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a signal and its e-mail delivery records together; false for an unknown id. */
export async function deleteSignal(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('signalEmails').where('signalId', '=', id).execute();
    const res = await trx.deleteFrom('signals').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}

/** Signals the price watcher follows. */
export function listWatchedSignals(db: Db) {
  return db
    .selectFrom('signals')
    .select(['id', 'instrument', 'direction', 't0Price', 't0Hit', 'currentPrice'])
    .where('status', 'in', [...WATCHED_SIGNAL_STATUSES])
    .execute();
}

/** Records the live price on a signal and, once reached, that T0 was hit (it stays hit). */
export async function recordSignalPrice(db: Db, id: number, price: number, t0Hit: boolean) {
  await db
    .updateTable('signals')
    .set({ currentPrice: price, t0Hit: t0Hit ? true : sql<boolean>`t0_hit` })
    .where('id', '=', id)
    .execute();
}
