import { useLivePoll } from '../../../lib/live/store';
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  deliveryStatusLabel,
  EMAIL_DELIVERIES_SHOWN,
  POLL,
  SIGNAL_EMAIL_BATCH_DELAY_MS,
  SIGNAL_EMAIL_BATCH_SIZE,
} from '@t0/contracts';
import { formatDateTime } from '../../../lib/time-zone';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { StatCard } from '../../../components/StatCard';
import { useTRPC } from '../../../lib/trpc';
import { ScrollTable } from '../ScrollTable';
import { EmailLogSection } from './EmailLogSection';

/**
 * Signal e-mail delivery: summary, settings and the 20 latest deliveries (spec 3 §2); then every
 * e-mail the product sent, by kind, with the latest failures.
 */
export function EmailsTab() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.admin.emailSummary.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }));
  const deliveries = useQuery(
    trpc.admin.emailDeliveries.queryOptions({ limit: EMAIL_DELIVERIES_SHOWN }, { refetchInterval: useLivePoll(POLL.emailDeliveriesMs) }),
  );

  const tiles = [
    { label: 'TOTAL SENT', value: summary.data?.total },
    { label: 'SUCCESSFUL', value: summary.data?.successful, tone: 'up' as const },
    { label: 'FAILED', value: summary.data?.failed, tone: 'down' as const },
    // Nothing sent yet is no data, not a 0% rate.
    { label: 'SUCCESS RATE', value: summary.data ? (summary.data.total === 0 ? 'NO DATA' : `${summary.data.successRate}%`) : undefined },
  ];
  const rows = (deliveries.data ?? []).slice(0, EMAIL_DELIVERIES_SHOWN);

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          EMAIL DELIVERY SUMMARY
        </Title>
        <Text size="xs" c="dimmed">
          Signal e-mails (one per signal and subscriber). Every other kind is counted under ALL E-MAILS BY KIND below.
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="email-summary">
          {tiles.map((t) => (
            <StatCard
              key={t.label}
              label={t.label}
              tone={t.tone}
              value={summary.isLoading ? <Skeleton h={26} w={56} /> : summary.isError ? '--' : (t.value ?? 0)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Paper p="md" className="t0-surface" component="section" aria-labelledby="email-settings-title">
        <Title order={3} fz="h5" id="email-settings-title" mb="xs">
          EMAIL SETTINGS
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Batch size:{' '}
            </Text>
            {SIGNAL_EMAIL_BATCH_SIZE} e-mails
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Delay between batches:{' '}
            </Text>
            {SIGNAL_EMAIL_BATCH_DELAY_MS / 1000} s
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Recipients:{' '}
            </Text>
            active subscribers with e-mail notifications on
          </Text>
        </SimpleGrid>
      </Paper>

      <Stack gap="sm">
        <Title order={3} fz="h5">
          DELIVERY HISTORY (LATEST {EMAIL_DELIVERIES_SHOWN})
        </Title>
        {deliveries.isLoading && <LoadingSkeleton label="Loading deliveries" count={5} />}
        {deliveries.isError && (
          <ErrorPanel text="Failed to load deliveries." onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />
        )}
        {deliveries.data && rows.length === 0 && (
          <Paper className="t0-surface">
            <EmptyState text="NO DELIVERIES YET" hint="Signal e-mails appear here once a signal is published." />
          </Paper>
        )}
        {rows.length > 0 && (
          <Paper className="t0-surface" p={0}>
            <ScrollTable label="E-mail deliveries" minWidth={640}>
              <Table verticalSpacing="xs" data-testid="email-deliveries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>RECIPIENT</Table.Th>
                    <Table.Th>SIGNAL</Table.Th>
                    <Table.Th>SENT</Table.Th>
                    <Table.Th>STATUS</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((d) => {
                    const status = deliveryStatusLabel(d.deliveryStatus);
                    return (
                      <Table.Tr key={d.id}>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{d.userEmail}</Table.Td>
                        <Table.Td>
                          {d.signalInstrument} {d.signalDirection.toUpperCase()}
                        </Table.Td>
                        <Table.Td>{formatDateTime(d.sentAt)}</Table.Td>
                        <Table.Td>
                          <Badge color={status === 'sent' ? 'terminal' : 'red'} variant="light">
                            {status.toUpperCase()}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
        )}
      </Stack>

      <EmailLogSection />
    </Stack>
  );
}
