import type { PriceFeed, PriceMap, PriceSnapshot } from '@t0/server';

/** One upstream read of every symbol (no caching: the cached feed in ../prices.ts does that). */
export interface PriceSource {
  readonly source: PriceSnapshot['source'];
  fetch(): Promise<PriceMap>;
  /** Past candles, where the source has them (see `PriceFeed.history`). */
  history?: PriceFeed['history'];
  /** Continue from these prices (see `PriceFeed.resume`). */
  resume?: PriceFeed['resume'];
}
