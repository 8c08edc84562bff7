import { POLL, tickerItems, type LivePrices, type PriceSymbol, type TickerItem } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLivePoll } from './live/store';
import { useTRPC } from './trpc';

/**
 * GET /api/live-prices polled every 30 s (stale after 25 s, one retry, kept 30 s).
 * Shared by the landing ticker and the terminal.
 */
export function useLivePrices(opts: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const poll = useLivePoll(POLL.livePricesMs);
  return useQuery({
    ...trpc.prices.live.queryOptions(undefined, {
      refetchInterval: poll,
      staleTime: POLL.livePricesStaleMs,
      gcTime: POLL.livePricesGcMs,
      retry: 1,
    }),
    enabled: opts.enabled ?? true,
  });
}

/** The ticker list: live values where present, the static defaults while loading, empty or failed. */
export function useTickerItems(): { items: TickerItem[]; live: boolean; source: LivePrices['source'] | undefined } {
  const prices = useLivePrices();
  const data = prices.data;
  const hasLive = !!data && ['AUDUSD', 'GBPJPY', 'US30'].some((s) => typeof data[s as 'AUDUSD'] === 'number');
  return {
    items: tickerItems(hasLive ? (data as Partial<Record<PriceSymbol, number>>) : null),
    live: hasLive,
    source: hasLive ? data?.source : undefined,
  };
}
