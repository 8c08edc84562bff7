import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { makeQueryClient, makeTrpcClient, TRPCProvider, useTRPC } from './lib/trpc';

function WhoAmI() {
  const trpc = useTRPC();
  const user = useQuery(trpc.auth.user.queryOptions());
  if (user.isLoading) return <p>AUTHENTICATING...</p>;
  if (user.error) return <p data-testid="auth-state">NOT SIGNED IN ({user.error.message})</p>;
  return <p data-testid="auth-state">SIGNED IN AS {user.data?.email}</p>;
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <MantineProvider defaultColorScheme="dark">
          <main style={{ fontFamily: 'monospace', padding: 24 }}>
            <h1>T0 TERMINAL</h1>
            <WhoAmI />
          </main>
        </MantineProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
