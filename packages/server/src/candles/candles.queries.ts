import type { Db } from '@t0/db';
import { sql } from 'kysely';
import { bucketStart, TIMEFRAMES, type Candle, type Timeframe } from '@t0/contracts/domain/candles/candles';
import type { PriceSymbol } from '@t0/contracts/domain/common/constants';

export type CandleSource = 'simulated' | 'live';

const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * Folds one price of each symbol at `time` into the current bar of every timeframe, in one
 * statement. A new bucket starts at the price; an existing one keeps its open, widens its high
 * and low and takes the price as its close (`mergeCandle` in contracts, in SQL). A price older
 * than a bar's latest fold cannot be told apart here, so callers fold in time order (the price
 * watcher runs once per interval across all processes).
 */
export async function foldPrices(
  db: Db,
  source: CandleSource,
  time: Date,
  prices: Partial<Record<PriceSymbol, number>>,
): Promise<number> {
  const seconds = time.getTime() / 1000;
  const rows = Object.entries(prices)
    .filter(([, p]) => typeof p === 'number' && Number.isFinite(p) && p > 0)
    .flatMap(([symbol, price]) =>
      TIMEFRAMES.map((timeframe) => ({
        symbol,
        timeframe,
        source,
        bucketStart: toDate(bucketStart(seconds, timeframe)),
        open: price!,
        high: price!,
        low: price!,
        close: price!,
      })),
    );
  if (rows.length === 0) return 0;
  await db
    .insertInto('candles')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['symbol', 'timeframe', 'source', 'bucketStart']).doUpdateSet({
        high: sql`greatest(candles.high, excluded.high)`,
        low: sql`least(candles.low, excluded.low)`,
        close: sql`excluded.close`,
      }),
    )
    .execute();
  return rows.length;
}

/**
 * Stores past bars in one statement (arrays unnested by the database, far cheaper than thousands
 * of value rows); bars already there (built from live prices) are kept as they are.
 */
export async function insertHistory(
  db: Db,
  source: CandleSource,
  symbol: PriceSymbol,
  timeframe: Timeframe,
  candles: readonly Candle[],
): Promise<number> {
  if (candles.length === 0) return 0;
  const times = candles.map((c) => toDate(c.time).toISOString());
  const col = (pick: (c: Candle) => number) => candles.map((c) => String(pick(c)));
  const res = await sql`
    insert into candles (symbol, timeframe, source, bucket_start, open, high, low, close)
    select ${symbol}, ${timeframe}, ${source}, u.t, u.o, u.h, u.l, u.c
    from unnest(${times}::timestamptz[], ${col((c) => c.open)}::numeric[], ${col((c) => c.high)}::numeric[],
                ${col((c) => c.low)}::numeric[], ${col((c) => c.close)}::numeric[]) as u(t, o, h, l, c)
    on conflict (symbol, timeframe, source, bucket_start) do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Bars of one symbol and timeframe from `from` (seconds), oldest first; the latest `limit` when there are more. */
export async function listCandles(
  db: Db,
  q: { symbol: PriceSymbol; timeframe: Timeframe; source: CandleSource; from: number; limit: number },
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('candles')
    .select(['bucketStart', 'open', 'high', 'low', 'close'])
    .where('symbol', '=', q.symbol)
    .where('timeframe', '=', q.timeframe)
    .where('source', '=', q.source)
    .where('bucketStart', '>=', toDate(q.from))
    .orderBy('bucketStart', 'desc')
    .limit(q.limit)
    .execute();
  return rows.reverse().map((r) => ({
    time: Math.floor(r.bucketStart.getTime() / 1000),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
  }));
}

/** How many bars each symbol has per timeframe (to see what history is missing). */
export async function countCandles(db: Db, source: CandleSource): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('candles')
    .select(['symbol', 'timeframe', sql<string>`count(*)`.as('n')])
    .where('source', '=', source)
    .groupBy(['symbol', 'timeframe'])
    .execute();
  return new Map(rows.map((r) => [`${r.symbol}/${r.timeframe}`, Number(r.n)]));
}

/** The latest close of each symbol (1-minute bars), to continue a walk from. */
export async function latestCloses(db: Db, source: CandleSource): Promise<Partial<Record<PriceSymbol, number>>> {
  const rows = await db
    .selectFrom('candles')
    .distinctOn('symbol')
    .select(['symbol', 'close'])
    .where('source', '=', source)
    .where('timeframe', '=', '1min')
    .orderBy('symbol')
    .orderBy('bucketStart', 'desc')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.symbol, Number(r.close)]));
}

/**
 * The high and low of one symbol's stored 1-minute bars of `source` that began at or after `from`
 * (nulls when there is none).
 */
export async function oneMinuteRange(
  db: Db,
  symbol: string,
  source: string,
  from: Date,
): Promise<{ high: number | null; low: number | null }> {
  const row = await db
    .selectFrom('candles')
    .select([sql<string | null>`max(high)`.as('high'), sql<string | null>`min(low)`.as('low')])
    .where('symbol', '=', symbol)
    .where('timeframe', '=', '1min')
    .where('source', '=', source)
    .where('bucketStart', '>=', from)
    .executeTakeFirst();
  return { high: row?.high == null ? null : Number(row.high), low: row?.low == null ? null : Number(row.low) };
}

/** Deletes bars older than `before` (seconds) of one timeframe; answers how many went. */
export async function pruneCandles(db: Db, timeframe: Timeframe, before: number): Promise<number> {
  const res = await db
    .deleteFrom('candles')
    .where('timeframe', '=', timeframe)
    .where('bucketStart', '<', toDate(before))
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}
