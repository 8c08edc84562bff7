import { isDatabaseUnavailable } from '@t0/db';
import { JOB_NAMES, loadInstrumentCatalogue, PriceFeedUnavailableError, SetupRequiredError } from '@t0/server';
import { candlesStep } from './price-steps/candles';
import { livePricesStep } from './price-steps/live-prices';
import { priceAlertsStep } from './price-steps/price-alerts';
import { signalLifecycleStep } from './price-steps/signal-lifecycle';
import type { PriceStep } from './price-steps/types';
import type { JobDefinition, JobDeps } from './types';

/** What each price refresh drives, in order. Add a line per step (one file each in price-steps/). */
export const priceSteps: PriceStep[] = [livePricesStep, candlesStep, signalLifecycleStep, priceAlertsStep];

/**
 * Fetches the live prices once and hands the snapshot to every step. A step that fails is logged
 * and the others still run; the next tick tries again.
 */
export async function watchPrices(
  deps: Pick<JobDeps, 'db' | 'ports' | 'log' | 'config'>,
  steps: PriceStep[] = priceSteps,
): Promise<void> {
  // The catalogue as stored now (an instrument added in another process is quoted from this refresh on).
  await loadInstrumentCatalogue(deps.db.db);
  const snapshot = await deps.ports.prices.latest();
  for (const step of steps) {
    try {
      await step.run(snapshot, deps);
    } catch (err) {
      // A database outage is logged once on its own; a step it stops is a warning (the next tick retries).
      if (isDatabaseUnavailable(err))
        deps.log.warn({ err, step: step.name }, 'price step failed: database unavailable');
      else deps.log.error({ err, step: step.name }, 'price step failed');
    }
  }
}

/** Runs once per price refresh interval across all processes. */
export const priceWatchJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.priceWatch,
  async handler(_data, deps) {
    try {
      await watchPrices(deps);
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
