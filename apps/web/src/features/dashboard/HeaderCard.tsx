import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LATENCY_LABEL, type LivePrices } from '@t0/contracts';
import { LivePrice } from './LivePrice';

const WATCH = ['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30'] as const;

export interface HeaderCardProps {
  email: string | undefined;
  subscribed: boolean;
  prices: { isLoading: boolean; error: unknown; data?: LivePrices };
}

/** Terminal header: who is signed in, the feed state (simulated marker, latency) and the live prices. */
export function HeaderCard({ email, subscribed, prices }: HeaderCardProps) {
  const simulated = prices.data?.source === 'simulated';
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="terminal-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} id="terminal-title" size="h3" lts="0.1em">
            T0 TRADING TERMINAL
          </Title>
          <Text size="sm" c="dimmed" truncate="end">
            OPERATOR: {email ?? '—'}
          </Text>
        </Stack>
        <Group gap={6}>
          <Badge variant="light" color={subscribed ? 'terminal' : 'gray'} radius="xs">
            {subscribed ? 'SUBSCRIPTION ACTIVE' : 'NO SUBSCRIPTION'}
          </Badge>
          {simulated && (
            <Badge variant="outline" color="amber" radius="xs" title="No market-data vendor is configured: prices are simulated" data-testid="simulated-feed">
              SIMULATED FEED
            </Badge>
          )}
          <Badge variant="outline" color="gray" radius="xs" className="t0-num">
            LATENCY {LATENCY_LABEL}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="md" data-testid="market-watch">
        {WATCH.map((symbol) => (
          <Stack key={symbol} gap={2} p="xs" bg="var(--t0-surface-2)" style={{ borderRadius: 4 }}>
            <Text className="t0-label">{symbol}</Text>
            <LivePrice symbol={symbol} query={prices} size="md" />
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
