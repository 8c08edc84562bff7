import { CANDLE_RETENTION_DAYS, PRICE_SYMBOLS, TIMEFRAMES, type PriceSymbol, type Timeframe } from '@t0/contracts';
import {
  countCandles,
  emitEvent,
  foldPrices,
  insertHistory,
  latestCloses,
  pruneCandles,
  type CandleSource,
} from '@t0/server';
import type { PriceStep } from './types';

/** A symbol and timeframe with fewer bars than this gets its history filled. */
const HISTORY_MIN_BARS = 10;
/** After a history fill that did not complete (a vendor limit, an outage), try again this much later. */
const HISTORY_RETRY_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_SECONDS = 86_400;

interface CandleState {
  started: boolean;
  historyDone: boolean;
  historyTriedAt: number;
  prunedAt: number;
}

// Per database (a process may serve several in tests); nothing here is the only copy of anything.
const states = new WeakMap<object, CandleState>();
function stateOf(key: object): CandleState {
  let s = states.get(key);
  if (!s) states.set(key, (s = { started: false, historyDone: false, historyTriedAt: 0, prunedAt: 0 }));
  return s;
}

type Deps = Parameters<PriceStep['run']>[1];

/**
 * Fills what history is missing, per timeframe for every symbol lacking it at once (a vendor
 * answers several symbols in one request). Bars already built from live prices are kept.
 * Answers whether everything that was missing was filled.
 */
async function fillHistory(
  deps: Deps,
  source: CandleSource,
  symbols: PriceSymbol[],
  until: Date,
): Promise<{ complete: boolean; filled: number }> {
  const history = deps.ports.prices.history;
  if (!history) return { complete: true, filled: 0 };
  const counts = await countCandles(deps.db.db, source);
  let complete = true;
  let filled = 0;
  for (const timeframe of TIMEFRAMES) {
    const missing = symbols.filter((s) => (counts.get(`${s}/${timeframe}`) ?? 0) < HISTORY_MIN_BARS);
    if (missing.length === 0) continue;
    try {
      const bars = await history({ symbols: missing, timeframe, until });
      for (const symbol of missing) {
        const list = bars[symbol];
        if (!list?.length) {
          complete = false;
          continue;
        }
        filled += await insertHistory(deps.db.db, source, symbol, timeframe as Timeframe, list);
      }
    } catch (err) {
      complete = false;
      deps.log.warn({ err, timeframe }, 'price history not available');
    }
  }
  return { complete, filled };
}

/**
 * Stores the prices as candles: each refresh is folded into the current 1-minute bar and the
 * current bar of every longer timeframe (the same bars the 1-minute ones aggregate to, see
 * `mergeCandle`). On a first start the feed's history fills the charts (the simulated walk's own
 * past, a vendor's time series); after a restart the simulated walk continues from its last
 * stored price. Old short bars are pruned once an hour (CANDLE_RETENTION_DAYS).
 */
export const candlesStep: PriceStep = {
  name: 'candles',
  async run(snapshot, deps) {
    const state = stateOf(deps.db);
    const source = snapshot.source;
    const now = Date.now();
    const firstRun = !state.started;
    state.started = true;

    let filled = 0;
    if (deps.config.priceFeed.history && !state.historyDone && now - state.historyTriedAt >= HISTORY_RETRY_MS) {
      state.historyTriedAt = now;
      const symbols = PRICE_SYMBOLS.filter((s) => typeof snapshot.prices[s] === 'number');
      const result = await fillHistory(deps, source, symbols, snapshot.updatedAt);
      state.historyDone = result.complete;
      filled = result.filled;
      if (filled > 0) {
        deps.log.info({ filled, source }, 'price history stored');
        // Open charts and sparklines read their bars again now, not on their next interval.
        await emitEvent(deps.db.db, { type: 'content.changed', audience: 'all', payload: { kind: 'candles' } });
      }
    }
    if (firstRun && filled === 0 && source === 'simulated' && deps.ports.prices.resume) {
      // A restart: the walk began again at the default prices; carry on from the stored ones,
      // and leave this refresh (still from the defaults) out of the bars.
      const closes = await latestCloses(deps.db.db, source);
      if (Object.keys(closes).length > 0) {
        deps.ports.prices.resume(closes);
        return;
      }
    }

    await foldPrices(deps.db.db, source, snapshot.updatedAt, snapshot.prices);

    if (now - state.prunedAt >= PRUNE_EVERY_MS) {
      state.prunedAt = now;
      let pruned = 0;
      for (const timeframe of TIMEFRAMES) {
        const days = CANDLE_RETENTION_DAYS[timeframe];
        if (days !== null) pruned += await pruneCandles(deps.db.db, timeframe, now / 1000 - days * DAY_SECONDS);
      }
      if (pruned > 0) deps.log.info({ pruned }, 'old candles pruned');
    }
  },
};
