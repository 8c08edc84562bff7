import type { Db, SignalRow } from '@t0/db';
import { sql } from 'kysely';
import { applyTick } from '@t0/contracts/domain/signal-lifecycle';
import { normalizeDirection, WATCHED_SIGNAL_STATUSES } from '@t0/contracts/domain/signals';
import type { Logger } from '../core/context';
import { relayCommitted } from '../outbox/relay';
import type { Jobs, PriceMap } from '../ports';
import { commitTransition, StaleSignalError, type Committed, type LifecycleDeps } from './commit';
import { stateOfRow } from './signal-state';
import { transact } from '../core/transaction';

export interface AdvanceDeps extends LifecycleDeps {
  jobs?: Pick<Jobs, 'send'>;
  log: Logger;
}

export interface AdvanceReport {
  watched: number;
  /** Signals whose price (and excursion) was recorded without a transition. */
  priced: number;
  transitions: number;
  events: number;
}

/**
 * After a transition committed: relays the jobs it wrote into the outbox (its fan-out to each
 * subscriber's channels and its e-mail). A failure is logged; the periodic relay queues them.
 */
export async function relayTransition(db: Db, c: Committed, deps: AdvanceDeps): Promise<void> {
  if (!deps.jobs) return;
  await relayCommitted({ db, jobs: deps.jobs, log: deps.log }, c.outbox);
}

/**
 * Records a price on a signal without a transition: the price and its feed time, and the excursion
 * once filled. Not over a price from a newer snapshot (an overlapping refresh wrote it first).
 */
async function recordPrice(db: Db, row: SignalRow, price: number, at: Date): Promise<boolean> {
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

/** The signal holds a price from a newer snapshot than this one: this one is too late to judge it. */
const pricedAfter = (row: SignalRow, at: Date) =>
  row.pricedAt !== null && new Date(row.pricedAt).getTime() > at.getTime();

/** The snapshot a tick comes from: its time and source (whose 1-minute candles give the range). */
export interface TickSource {
  at: Date;
  source: 'simulated' | 'live';
}

/**
 * The feed's range for a signal: the high and low of the stored 1-minute candles of its symbol that
 * began after the signal last moved (so a spike between two polls counts, and nothing from before
 * its publication or fill does).
 */
async function rangeSince(
  db: Db,
  symbol: string,
  source: string,
  since: Date,
): Promise<{ high: number | null; low: number | null }> {
  const from = new Date(Math.floor(since.getTime() / 60_000) * 60_000 + 60_000);
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

const lastMoved = (row: SignalRow) => (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt);

/**
 * One live price per instrument against every limit and active signal, judged with the range of the
 * feed's 1-minute candles since the signal last moved. A signal whose tick moves it on is re-read
 * under a row lock inside a transaction and its transition computed again from what is stored, so
 * two overlapping runs (or a run and an administrator's action) never record a transition twice;
 * a run whose snapshot is older than the price a signal already holds leaves that signal alone.
 * Each transition commits with its events (the feed's price and time in each), notifications and
 * live-stream event together.
 */
export async function advanceSignals(
  db: Db,
  prices: PriceMap,
  deps: AdvanceDeps,
  from: TickSource = { at: new Date(), source: 'live' },
): Promise<AdvanceReport> {
  const rows = await db
    .selectFrom('signals')
    .selectAll()
    .where('status', 'in', [...WATCHED_SIGNAL_STATUSES])
    .orderBy('id')
    .execute();
  const report: AdvanceReport = { watched: rows.length, priced: 0, transitions: 0, events: 0 };
  const at = from.at.getTime();
  for (const row of rows) {
    const price = prices[row.instrument as keyof PriceMap];
    if (price === undefined || !Number.isFinite(price)) continue;
    if (pricedAfter(row, from.at)) continue;
    const range = await rangeSince(db, row.instrument, from.source, lastMoved(row));
    const first = applyTick(stateOfRow(row), { price, ...range, at });
    if (first.events.length === 0) {
      // An unchanged price changes nothing (the excursion already holds it): no write, no notice.
      if (row.currentPrice === null || Number(row.currentPrice) !== price) {
        if (await recordPrice(db, row, price, from.at)) report.priced++;
      }
      continue;
    }
    let committed: Committed | null = null;
    try {
      committed = await transact(db, async (trx) => {
        const locked = await trx
          .selectFrom('signals')
          .selectAll()
          .where('id', '=', row.id)
          .forUpdate()
          .executeTakeFirst();
        if (!locked || pricedAfter(locked, from.at)) return null;
        const lockedRange = await rangeSince(trx, locked.instrument, from.source, lastMoved(locked));
        const t = applyTick(stateOfRow(locked), { price, ...lockedRange, at });
        if (t.events.length === 0) {
          await recordPrice(trx, locked, price, from.at);
          return null;
        }
        return commitTransition(trx, locked, t, 'system', deps, {
          currentPrice: price,
          tick: price,
          feed: { price, at: from.at },
        });
      });
    } catch (err) {
      if (err instanceof StaleSignalError) continue;
      throw err;
    }
    if (!committed) continue;
    report.transitions++;
    report.events += committed.events.length;
    deps.log.info({ signalId: row.id, events: committed.events.map((e) => e.type), price }, 'signal moved on');
    await relayTransition(db, committed, deps);
  }
  return report;
}
