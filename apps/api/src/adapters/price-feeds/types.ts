import type { PriceMap, PriceSnapshot } from '@t0/contracts/server';

/** One upstream read of every symbol (no caching: the cached feed in ../prices.ts does that). */
export interface PriceSource {
  readonly source: PriceSnapshot['source'];
  fetch(): Promise<PriceMap>;
}
