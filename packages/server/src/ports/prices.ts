import type { Candle, Timeframe } from '@t0/contracts/domain/candles/candles';
import type { PriceSymbol } from '@t0/contracts/domain/common/constants';

/** Prices by symbol: the ticker's symbols and every catalogued instrument (an added one such as NAS100 included). */
export type PriceMap = Partial<Record<PriceSymbol, number>> & Partial<Record<string, number>>;

export interface PriceSnapshot {
  prices: PriceMap;
  source: 'simulated' | 'live';
  updatedAt: Date;
}

/** Past candles of several symbols for one timeframe, up to a moment. */
export interface PriceHistoryRequest {
  symbols: readonly PriceSymbol[];
  timeframe: Timeframe;
  /** The history ends here (its last bar holds this moment). */
  until: Date;
}

/** Live prices, fetched once per interval on the server whatever the number of clients. */
export interface PriceFeed {
  /** Where the prices come from (the candles of this source are the ones shown). */
  readonly source?: PriceSnapshot['source'];
  latest(): Promise<PriceSnapshot>;
  /**
   * Past candles where the source has them (the simulated walk's own past, a vendor's time
   * series), oldest first per symbol; a symbol it has none for is left out. Absent when the
   * source offers no history.
   */
  history?(request: PriceHistoryRequest): Promise<Partial<Record<PriceSymbol, Candle[]>>>;
  /** Continue from these prices (the simulated walk after a restart); vendors ignore it. */
  resume?(prices: PriceMap): void;
}
