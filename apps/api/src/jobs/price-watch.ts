import { hasReachedT0, type PriceSymbol } from '@t0/contracts';
import { JOB_NAMES, listWatchedSignals, PriceFeedUnavailableError, recordSignalPrice, SetupRequiredError } from '@t0/contracts/server';
import type { JobDefinition, JobDeps } from './types';

/**
 * Records the live price on every active or limit signal and marks `t0Hit` once the price has
 * reached T0 in the trade's direction (long: at or above, short: at or below). A hit stays hit.
 * Answers how many signals newly hit T0.
 */
export async function watchPrices(deps: Pick<JobDeps, 'db' | 'ports'>): Promise<number> {
  const signals = await listWatchedSignals(deps.db.db);
  if (signals.length === 0) return 0;
  const { prices } = await deps.ports.prices.latest();
  let hits = 0;
  for (const s of signals) {
    const live = prices[s.instrument as PriceSymbol];
    if (live === undefined) continue;
    const hit = !s.t0Hit && hasReachedT0(s.direction, live, Number(s.t0Price));
    if (hit) hits++;
    if (hit || s.currentPrice === null || Number(s.currentPrice) !== live) {
      await recordSignalPrice(deps.db.db, s.id, live, hit);
    }
  }
  return hits;
}

/** Runs once per price refresh interval across all processes. */
export const priceWatchJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.priceWatch,
  async handler(_data, deps) {
    try {
      const hits = await watchPrices(deps);
      if (hits > 0) deps.log.info({ hits }, 'signals reached T0');
    } catch (err) {
      // No prices this round (feed not configured or upstream down): the next tick tries again.
      if (err instanceof SetupRequiredError || err instanceof PriceFeedUnavailableError) return;
      throw err;
    }
  },
  options: {
    everyMs: (config) => Math.max(1000, config.priceFeed.refreshMs),
    retryLimit: 0,
    expireInSeconds: 60,
  },
};
