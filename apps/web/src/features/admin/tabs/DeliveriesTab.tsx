import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { DELIVERY_CHANNEL_LABELS, POLL, type ChannelStats, type DeliveryChannel } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLivePoll } from '../../../lib/live/store';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

const fmtMs = (ms: number | null) => (ms === null ? '--' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

const mono = (text: ReactNode, color?: string) => (
  <Text span size="sm" ff="monospace" c={color}>
    {text}
  </Text>
);

const COLUMNS: ConsoleColumn<ChannelStats>[] = [
  {
    key: 'channel',
    header: 'CHANNEL',
    render: (s) => mono(DELIVERY_CHANNEL_LABELS[s.channel as DeliveryChannel] ?? s.channel.toUpperCase()),
  },
  {
    key: 'state',
    header: 'STATE',
    wrap: true,
    render: (s) => (
      <>
        {s.configured ? (
          <Badge color="terminal" variant="light" radius="xs">
            ACTIVE
          </Badge>
        ) : (
          <Badge color="gray" variant="outline" radius="xs">
            NOT CONFIGURED
          </Badge>
        )}
        {s.desk && (
          <Text size="xs" c="dimmed" mt={4} ff="monospace" style={{ wordBreak: 'break-word' }}>
            DESK: {s.desk}
          </Text>
        )}
      </>
    ),
  },
  { key: 'sent', header: 'SENT', align: 'right', render: (s) => mono(s.sent) },
  {
    key: 'failed',
    header: 'FAILED',
    align: 'right',
    render: (s) => mono(s.failed, s.failed > 0 ? 'var(--t0-down)' : undefined),
  },
  { key: 'queued', header: 'QUEUED', align: 'right', render: (s) => mono(s.pending) },
  {
    key: 'oldest',
    header: 'OLDEST QUEUED',
    align: 'right',
    render: (s) => (
      <Text span size="sm" ff="monospace" data-testid={`oldest-${s.channel}`}>
        {s.oldestPendingMs === null ? '--' : fmtMs(s.oldestPendingMs)}
      </Text>
    ),
  },
  { key: 'latency', header: 'MEDIAN LATENCY', align: 'right', render: (s) => mono(fmtMs(s.medianLatencyMs)) },
  {
    key: 'error',
    header: 'LAST ERROR',
    wrap: true,
    render: (s) =>
      s.lastError ? (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {s.lastError}
          {s.lastErrorAt && (
            <Text span size="xs" c="dimmed">
              {' '}
              · {formatDateTime(s.lastErrorAt)}
            </Text>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          none
        </Text>
      ),
  },
];

/** Delivery channels beside the e-mail tab: sent, failed, queued (and the oldest one's age), median latency and last error per channel. */
export function DeliveriesTab() {
  const trpc = useTRPC();
  const stats = useQuery(
    trpc.delivery.stats.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }),
  );

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          DELIVERY CHANNELS
        </Title>
        <Text size="sm" c="dimmed">
          Signal events and announcements sent to subscribers' browsers (web push), Telegram, Discord and signed
          webhooks (and the desk's Telegram channel and Discord). In-app notifications and e-mails keep their own
          records (EMAILS tab).
        </Text>
      </Stack>
      <Paper className="t0-surface" p={0}>
        <ConsoleTable
          label="Delivery channels"
          testId="delivery-channels"
          columns={COLUMNS}
          rows={stats.data}
          rowKey={(s) => s.channel}
          minWidth={820}
          alignTop
          loading={stats.isLoading}
          error={
            stats.isError
              ? {
                  text: 'Failed to load delivery channels.',
                  onRetry: () => void stats.refetch(),
                  retrying: stats.isFetching,
                }
              : null
          }
        />
      </Paper>
    </Stack>
  );
}
