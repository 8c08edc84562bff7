import type { PriceSymbol } from '../../domain/constants';

export type PriceMap = Partial<Record<PriceSymbol, number>>;

export interface PriceSnapshot {
  prices: PriceMap;
  source: 'simulated' | 'live';
  updatedAt: Date;
}

/** Live prices, fetched once per interval on the server whatever the number of clients. */
export interface PriceFeed {
  latest(): Promise<PriceSnapshot>;
}
