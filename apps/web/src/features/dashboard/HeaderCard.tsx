import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LivePrices, SignalView } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLiveState } from '../../lib/live/store';
import { useTRPC } from '../../lib/trpc';
import { TodaySignals } from './TodaySignals';
import { WatchlistStrip } from './WatchlistStrip';
import { useTerminalT } from './words';

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
  const { t } = useTerminalT();
  const config = useQuery(trpc.auth.tradingConfig.queryOptions(undefined, { staleTime: 60_000, enabled: !!email }));
  const simulated = prices.data?.source === 'simulated';
  const live = useLiveState();
  const liveColor = live.connection === 'live' ? 'terminal' : live.connection === 'polling' ? 'red' : 'amber';
  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="terminal-title">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} id="terminal-title" size="h4" lts="0.1em">
            {t('terminal:header.title')}
          </Title>
          <Text size="xs" c="dimmed" truncate="end">
            {t('terminal:header.operator', { email: email ?? '—' })}
          </Text>
        </Stack>
        <Group gap={6}>
          {signals && config.data && <TodaySignals signals={signals} max={config.data.maxDailyTrades} />}
          <Badge variant="light" color={subscribed ? 'terminal' : 'gray'} radius="xs">
            {subscribed ? t('terminal:header.subscriptionActive') : t('terminal:header.noSubscription')}
          </Badge>
          {simulated && (
            <Badge
              variant="outline"
              color="amber"
              radius="xs"
              title={t('terminal:header.simulatedTitle')}
              data-testid="simulated-feed"
            >
              {t('terminal:header.simulated')}
            </Badge>
          )}
          <Badge
            variant="outline"
            color={liveColor}
            radius="xs"
            data-testid="live-state"
            data-state={live.connection}
            title={live.connection === 'live' ? t('terminal:header.liveTitle') : t('terminal:header.pollingTitle')}
          >
            {
              {
                connecting: t('terminal:live.connecting'),
                live: t('terminal:live.live'),
                reconnecting: t('terminal:live.reconnecting'),
                polling: t('terminal:live.polling'),
              }[live.connection]
            }
          </Badge>
          <Badge
            variant="outline"
            color="gray"
            radius="xs"
            className="t0-num"
            data-testid="round-trip"
            title={t('terminal:header.rttTitle')}
          >
            RTT {live.rttMs === null ? '--' : `${live.rttMs}ms`}
          </Badge>
        </Group>
      </Group>
      <WatchlistStrip prices={prices} />
    </Paper>
  );
}
