import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LIVE_CONNECTION_LABELS, type LivePrices, type SignalView } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLiveState } from '../../lib/live/store';
import { useTRPC } from '../../lib/trpc';
import { TodaySignals } from './TodaySignals';
import { WatchlistStrip } from './WatchlistStrip';

export interface HeaderCardProps {
  email: string | undefined;
  subscribed: boolean;
  prices: { isLoading: boolean; error: unknown; data?: LivePrices };
  /** Today's signals are counted against the trading config's max daily trades. */
  signals?: readonly SignalView[];
}

/** Terminal header: who is signed in, the feed state, today's signals, and the watchlist. */
export function HeaderCard({ email, subscribed, prices, signals }: HeaderCardProps) {
  const trpc = useTRPC();
  const config = useQuery(trpc.auth.tradingConfig.queryOptions(undefined, { staleTime: 60_000, enabled: !!email }));
  const simulated = prices.data?.source === 'simulated';
  const live = useLiveState();
  const liveColor = live.connection === 'live' ? 'terminal' : live.connection === 'polling' ? 'red' : 'amber';
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="terminal-title">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} id="terminal-title" size="h4" lts="0.1em">
            T0 TRADING TERMINAL
          </Title>
          <Text size="xs" c="dimmed" truncate="end">
            OPERATOR: {email ?? '—'}
          </Text>
        </Stack>
        <Group gap={6}>
          {signals && config.data && <TodaySignals signals={signals} max={config.data.maxDailyTrades} />}
          <Badge variant="light" color={subscribed ? 'terminal' : 'gray'} radius="xs">
            {subscribed ? 'SUBSCRIPTION ACTIVE' : 'NO SUBSCRIPTION'}
          </Badge>
          {simulated && (
            <Badge
              variant="outline"
              color="amber"
              radius="xs"
              title="No market-data vendor is configured: prices are simulated"
              data-testid="simulated-feed"
            >
              SIMULATED FEED
            </Badge>
          )}
          <Badge
            variant="outline"
            color={liveColor}
            radius="xs"
            data-testid="live-state"
            data-state={live.connection}
            title={
              live.connection === 'live'
                ? 'Changes arrive as they happen'
                : 'The live stream is down: the terminal polls until it is back'
            }
          >
            {LIVE_CONNECTION_LABELS[live.connection]}
          </Badge>
          <Badge
            variant="outline"
            color="gray"
            radius="xs"
            className="t0-num"
            data-testid="round-trip"
            title="Measured round trip (median of the last requests)"
          >
            RTT {live.rttMs === null ? '--' : `${live.rttMs}ms`}
          </Badge>
        </Group>
      </Group>
      <WatchlistStrip prices={prices} />
    </Paper>
  );
}
