import type { AppRouter } from '@t0/contracts/server';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { QUERY_DEFAULTS } from '@t0/contracts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Spec defaults: never stale, no refetch on focus, no polling, no retries. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        refetchOnWindowFocus: false,
        retry: false,
        retryDelay: (attempt) => Math.min(QUERY_DEFAULTS.retryDelayBaseMs * 2 ** attempt, QUERY_DEFAULTS.retryDelayMaxMs),
      },
      mutations: { retry: false },
    },
  });
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}
