import { judgePriceAlerts } from '@t0/server';
import type { PriceStep } from './types';

/**
 * Judges the subscribers' price alerts on this refresh's prices (after the lifecycle step): a
 * firing commits with its live event to the owner and the fan-out to their channels.
 */
export const priceAlertsStep: PriceStep = {
  name: 'price-alerts',
  async run({ prices, updatedAt }, deps) {
    await judgePriceAlerts(deps.db.db, prices, updatedAt, { jobs: deps.ports.jobs, log: deps.log });
  },
};
