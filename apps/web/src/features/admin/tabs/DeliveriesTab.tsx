import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DELIVERY_CHANNEL_LABELS, POLL, type DeliveryChannel } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useLivePoll } from '../../../lib/live/store';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ScrollTable } from '../ScrollTable';

const fmtMs = (ms: number | null) => (ms === null ? '--' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Delivery channels beside the e-mail tab: sent, failed, queued (and the oldest one's age), median latency and last error per channel. */
export function DeliveriesTab() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.delivery.stats.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }));

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} fz="h4">
          DELIVERY CHANNELS
        </Title>
        <Text size="sm" c="dimmed">
          Signal events and announcements sent to subscribers' browsers (web push), Telegram, Discord and signed webhooks (and the desk's Telegram channel and Discord). In-app
          notifications and e-mails keep their own records (EMAILS tab).
        </Text>
      </Stack>
      {stats.isLoading && <LoadingSkeleton label="Loading delivery channels" count={4} />}
      {stats.isError && <ErrorPanel text="Failed to load delivery channels." onRetry={() => void stats.refetch()} retrying={stats.isFetching} />}
      {stats.data && (
        <Paper className="t0-surface" p={0}>
          <ScrollTable label="Delivery channels" minWidth={820}>
            <Table verticalSpacing="xs" horizontalSpacing="md" data-testid="delivery-channels">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>CHANNEL</Table.Th>
                  <Table.Th>STATE</Table.Th>
                  <Table.Th ta="right">SENT</Table.Th>
                  <Table.Th ta="right">FAILED</Table.Th>
                  <Table.Th ta="right">QUEUED</Table.Th>
                  <Table.Th ta="right">OLDEST QUEUED</Table.Th>
                  <Table.Th ta="right">MEDIAN LATENCY</Table.Th>
                  <Table.Th>LAST ERROR</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.map((s) => (
                  <Table.Tr key={s.channel}>
                    <Table.Td ff="monospace">{DELIVERY_CHANNEL_LABELS[s.channel as DeliveryChannel] ?? s.channel.toUpperCase()}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {s.sent}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" c={s.failed > 0 ? 'var(--t0-down)' : undefined}>
                      {s.failed}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {s.pending}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" data-testid={`oldest-${s.channel}`}>
                      {s.oldestPendingMs === null ? '--' : fmtMs(s.oldestPendingMs)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {fmtMs(s.medianLatencyMs)}
                    </Table.Td>
                    <Table.Td>
                      {s.lastError ? (
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      )}
    </Stack>
  );
}
