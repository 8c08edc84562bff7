import { foldTick, type PriceSymbol, type Timeframe } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLivePrices } from '../../lib/live-prices';
import { useTRPC } from '../../lib/trpc';

/**
 * How often stored bars are read again (live prices move the last bar in between; a history the
 * server stores later is announced on the live stream, `content.changed` `candles`).
 */
const REFRESH_MS: Record<Timeframe, number> = {
  '1min': 60_000,
  '15min': 5 * 60_000,
  '4h': 15 * 60_000,
  daily: 15 * 60_000,
  weekly: 15 * 60_000,
  monthly: 15 * 60_000,
};

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
      refetchInterval: REFRESH_MS[timeframe],
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
