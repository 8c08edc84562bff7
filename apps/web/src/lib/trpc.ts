import type { AppRouter } from '@t0/server';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { QUERY_DEFAULTS } from '@t0/contracts';
import { isUnauthorized } from './errors';
import { TrackedEventSource } from './live/event-source';
import { recordRoundTrip } from './live/store';

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
        retryDelay: (attempt) =>
          Math.min(QUERY_DEFAULTS.retryDelayBaseMs * 2 ** attempt, QUERY_DEFAULTS.retryDelayMaxMs),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** A request with the session cookie; each answer's time is a round-trip sample for the header. */
async function timedFetch(url: URL | RequestInfo, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(url, { ...init, credentials: 'include' });
  recordRoundTrip(performance.now() - started);
  return res;
}

/**
 * Subscriptions (the live stream) over server-sent events with the session cookie; queries and
 * mutations in batched HTTP requests.
 */
export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: '/trpc',
          EventSource: TrackedEventSource,
          eventSourceOptions: { withCredentials: true },
        }),
        false: httpBatchLink({ url: '/trpc', fetch: timedFetch }),
      }),
    ],
  });
}
