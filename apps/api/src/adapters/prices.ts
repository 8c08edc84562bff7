import type { PriceFeed } from '@t0/contracts/server';
import type { Config } from '../config';

// Placeholder until the content API lands the simulated and vendor feeds.
export function createPriceFeed(_config: Config): PriceFeed & { stop(): void } {
  return {
    latest: async () => ({ prices: {}, source: 'simulated', updatedAt: new Date() }),
    stop: () => undefined,
  };
}
