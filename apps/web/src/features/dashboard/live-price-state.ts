import { errorFlag } from '../../lib/errors';

export type LivePriceState = 'loading' | 'setup' | 'unavailable' | 'missing' | 'live';

export interface PriceQuery {
  isLoading: boolean;
  error: unknown;
  data?: Record<string, unknown>;
}

/**
 * A symbol's live-price state: the price when there is one, loading on the first fetch,
 * API Setup Required when the error says so (requiresSetup), Price Unavailable for other errors,
 * and -- when the feed has no price for the symbol.
 */
export function livePriceState(query: PriceQuery, symbol: string): LivePriceState {
  const value = query.data?.[symbol];
  if (typeof value === 'number' && Number.isFinite(value)) return 'live';
  if (query.isLoading) return 'loading';
  if (query.error) return errorFlag(query.error, 'requiresSetup') ? 'setup' : 'unavailable';
  return 'missing';
}
