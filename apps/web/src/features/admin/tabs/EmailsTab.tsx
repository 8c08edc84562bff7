import { useLivePoll } from '../../../lib/live/store';
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  deliveryStatusLabel,
  EMAIL_DELIVERIES_SHOWN,
  POLL,
  SIGNAL_EMAIL_BATCH_DELAY_MS,
  SIGNAL_EMAIL_BATCH_SIZE,
  type EmailDelivery,
} from '@t0/contracts';
import { formatDateTime } from '../../../lib/time-zone';
import { useQuery } from '@tanstack/react-query';
import { StatCard } from '../../../components/StatCard';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { EmailLogSection } from './EmailLogSection';

/**
 * Signal e-mail delivery: summary, settings and the 20 latest deliveries; then every
 * e-mail the product sent, by kind, with the latest failures.
 */
const deliveryColumns: ConsoleColumn<EmailDelivery>[] = [
  {
    key: 'to',
    header: 'RECIPIENT',
    wrap: true,
    render: (d) => <span style={{ wordBreak: 'break-all' }}>{d.userEmail}</span>,
  },
  { key: 'signal', header: 'SIGNAL', render: (d) => `${d.signalInstrument} ${d.signalDirection.toUpperCase()}` },
  { key: 'sent', header: 'SENT', render: (d) => formatDateTime(d.sentAt) },
  {
    key: 'status',
    header: 'STATUS',
    render: (d) => {
      const status = deliveryStatusLabel(d.deliveryStatus);
      return (
        <Badge color={status === 'sent' ? 'terminal' : 'red'} variant="light">
          {status.toUpperCase()}
        </Badge>
      );
    },
  },
];

export function EmailsTab() {
  const trpc = useTRPC();
  const summary = useQuery(
    trpc.admin.emailSummary.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.emailSummaryMs) }),
  );
  const deliveries = useQuery(
    trpc.admin.emailDeliveries.queryOptions(
      { limit: EMAIL_DELIVERIES_SHOWN },
      { refetchInterval: useLivePoll(POLL.emailDeliveriesMs) },
    ),
  );

  const tiles = [
    { label: 'TOTAL SENT', value: summary.data?.total },
    { label: 'SUCCESSFUL', value: summary.data?.successful, tone: 'up' as const },
    { label: 'FAILED', value: summary.data?.failed, tone: 'down' as const },
    // Nothing sent yet is no data, not a 0% rate.
    {
      label: 'SUCCESS RATE',
      value: summary.data ? (summary.data.total === 0 ? 'NO DATA' : `${summary.data.successRate}%`) : undefined,
    },
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
        <Paper className="t0-surface" p={0}>
          <ConsoleTable
            label="E-mail deliveries"
            testId="email-deliveries"
            columns={deliveryColumns}
            rows={deliveries.data ? rows : undefined}
            rowKey={(d) => d.id}
            minWidth={640}
            loading={deliveries.isLoading}
            loadingRows={5}
            error={
              deliveries.isError
                ? {
                    text: 'Failed to load deliveries.',
                    onRetry: () => void deliveries.refetch(),
                    retrying: deliveries.isFetching,
                  }
                : null
            }
            empty={{ text: 'NO DELIVERIES YET', hint: 'Signal e-mails appear here once a signal is published.' }}
          />
        </Paper>
      </Stack>

      <EmailLogSection />
    </Stack>
  );
}
