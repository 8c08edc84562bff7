import type { Db, SignalRow } from '@t0/db';
import { applyTick } from '@t0/contracts/domain/signals/signal-lifecycle';
import type { Logger } from '../core/context';
import { relayCommitted } from '../outbox/outbox-relay.job';
import type { Jobs, PriceMap } from '../ports';
import { commitTransition, StaleSignalError, type Committed, type LifecycleDeps } from './commit';
import { stateOfRow } from './signal-state';
import { transact } from '../core/transaction';
import { oneMinuteRange } from '../candles/candles.queries';
import { findSignalForUpdate, listWatchedSignals, recordSignalPrice } from '../signals/signals.queries';

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
  return oneMinuteRange(db, symbol, source, from);
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
  const rows = await listWatchedSignals(db);
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
        if (await recordSignalPrice(db, row, price, from.at)) report.priced++;
      }
      continue;
    }
    let committed: Committed | null = null;
    try {
      committed = await transact(db, async (trx) => {
        const locked = await findSignalForUpdate(trx, row.id);
        if (!locked || pricedAfter(locked, from.at)) return null;
        const lockedRange = await rangeSince(trx, locked.instrument, from.source, lastMoved(locked));
        const t = applyTick(stateOfRow(locked), { price, ...lockedRange, at });
        if (t.events.length === 0) {
          await recordSignalPrice(trx, locked, price, from.at);
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
