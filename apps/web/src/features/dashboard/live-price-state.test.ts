import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { livePriceState } from './live-price-state';

function serverError(extra: Record<string, unknown>) {
  return TRPCClientError.from({
    error: {
      message: 'Failed to fetch live prices',
      code: -32603,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, ...extra },
      ...extra,
    },
  } as never);
}

describe('livePriceState', () => {
  it('is live with a number, even while refetching after an error', () => {
    expect(livePriceState({ isLoading: false, error: null, data: { AUDUSD: 0.65 } }, 'AUDUSD')).toBe('live');
    expect(livePriceState({ isLoading: false, error: serverError({}), data: { AUDUSD: 0.65 } }, 'AUDUSD')).toBe('live');
  });
  it('is loading before the first answer', () => {
    expect(livePriceState({ isLoading: true, error: null }, 'AUDUSD')).toBe('loading');
  });
  it('tells API setup apart from other failures', () => {
    expect(livePriceState({ isLoading: false, error: serverError({ requiresSetup: true }) }, 'US30')).toBe('setup');
    expect(livePriceState({ isLoading: false, error: serverError({}) }, 'US30')).toBe('unavailable');
    expect(livePriceState({ isLoading: false, error: new Error('network down') }, 'US30')).toBe('unavailable');
  });
  it('is missing when the feed has no price for the symbol', () => {
    expect(livePriceState({ isLoading: false, error: null, data: { AUDUSD: 0.65 } }, 'GBPUSD')).toBe('missing');
  });
});
