import { MantineProvider } from '@mantine/core';
import type { AppRouter } from '@t0/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { TRPCProvider } from '../trpc';

/** A tRPC query's path (`['adminPromotions', 'list']`) and the answer it has in the cache. */
export type CachedAnswer = readonly [path: readonly string[], data: unknown];

/**
 * For unit tests: `node` rendered to static markup inside the app's providers (theme, router, query
 * cache, tRPC), with these query answers already cached; a query with none stays loading.
 */
export function renderWithQueries(node: ReactNode, answers: readonly CachedAnswer[] = []): string {
  const queryClient = new QueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://localhost/trpc' })] });
  for (const [path, data] of answers) queryClient.setQueryData([path, { type: 'query' }], data);
  return renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            {node}
          </TRPCProvider>
        </QueryClientProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}
