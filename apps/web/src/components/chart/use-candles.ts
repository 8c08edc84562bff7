import { foldTick, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLivePrices } from '../../lib/live-prices';
import { useTRPC } from '../../lib/trpc';

/** How often stored bars are read again (live prices move the last bar in between). */
const REFRESH_MS: Record<Timeframe, number> = {
  '1min': 60_000,
  '15min': 5 * 60_000,
  '4h': 15 * 60_000,
  daily: 15 * 60_000,
  weekly: 15 * 60_000,
  monthly: 15 * 60_000,
};

/**
 * A read with fewer bars than this comes before the server has filled its history (a product just
 * started, an instrument just added): it is read again soon, a few times, not after the full interval.
 */
export const SHORT_READ_BARS = 10;
const SHORT_READ_RETRY_MS = 15_000;
const SHORT_READ_RETRIES = 4;

/**
 * When to read the bars again: the timeframe's interval, or soon after a short read (at most a few
 * times in a row: a market closed for the weekend answers few bars however often it is asked).
 */
export function candlesRefetchMs(timeframe: Timeframe, bars: number | undefined, reads: number): number {
  return bars !== undefined && bars < SHORT_READ_BARS && reads <= SHORT_READ_RETRIES
    ? SHORT_READ_RETRY_MS
    : REFRESH_MS[timeframe];
}

export interface UseCandlesOptions {
  symbol: PriceSymbol;
  timeframe: Timeframe;
  /** Start (Unix seconds); keep it stable between renders. Default: the server's (about 300 bars). */
  from?: number;
  enabled?: boolean;
}

/**
 * GET /api/candles for a chart, with the last bar moved by the live prices query as it updates
 * (the same fold as the server's, `foldTick`), so the chart is live between reads.
 */
export function useCandles({ symbol, timeframe, from, enabled = true }: UseCandlesOptions) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.candles.list.queryOptions(from === undefined ? { symbol, timeframe } : { symbol, timeframe, from }, {
      enabled,
      staleTime: REFRESH_MS[timeframe] / 2,
      refetchInterval: (q) => candlesRefetchMs(timeframe, q.state.data?.candles.length, q.state.dataUpdateCount),
      retry: 1,
    }),
  );
  const prices = useLivePrices({ enabled });
  const live = prices.data;
  const price = live?.[symbol];
  const at = live?.updatedAt;
  const liveSource = live?.source;
  const candles = useMemo(() => {
    const answer = query.data;
    if (!answer) return undefined;
    if (typeof price !== 'number' || !at || liveSource !== answer.source) return answer.candles;
    return foldTick(answer.candles, { time: Date.parse(at) / 1000, price }, timeframe);
  }, [query.data, price, at, liveSource, timeframe]);
  return { query, candles, source: query.data?.source };
}
