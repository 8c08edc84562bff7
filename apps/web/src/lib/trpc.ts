import type { AppRouter } from '@t0/contracts/server';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { QUERY_DEFAULTS } from '@t0/contracts';
import { isUnauthorized } from './errors';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Called when a signed-in user's call answers 401 (the session ended): see lib/auth.ts. */
export type AuthErrorHandler = (client: QueryClient) => void;

/** Spec defaults: never stale, no refetch on focus, no polling, no retries. */
export function makeQueryClient(onAuthError?: AuthErrorHandler) {
  const authError = (error: unknown) => {
    if (onAuthError && isUnauthorized(error)) onAuthError(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: authError }),
    mutationCache: new MutationCache({ onError: authError }),
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
  return client;
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}
