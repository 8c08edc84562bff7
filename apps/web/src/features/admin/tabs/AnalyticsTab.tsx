import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { relativeTime, type Operations } from '@t0/contracts';
import { StatCard } from '../../../components/StatCard';
import { formatDateTime } from '../../../lib/time-zone';
import { useOperations } from '../monitoring/operations';

/** Every figure is measured now or counted from the records; none is a display value. */
function figures(ops: Operations) {
  const { email, health, signals, subscribers } = ops;
  return [
    { label: 'SENT TODAY', value: email.sentToday, hint: `signal e-mails since 00:00 UTC${email.failedToday ? ` · ${email.failedToday} failed` : ''}` },
    { label: 'DATABASE LATENCY', value: `${health.database.latencyMs} ms`, hint: 'one query, measured now' },
    {
      label: 'DELIVERY RATE',
      value: email.deliveryRate30d === null ? 'NO DATA' : `${email.deliveryRate30d}%`,
      hint: email.deliveryRate30d === null ? 'no signal e-mail in 30 days' : `${email.sent30d} sent, ${email.failed30d} failed in 30 days`,
    },
    { label: 'CONNECTIONS', value: health.live.openStreams ?? 'OFF', hint: 'live streams open on this server process' },
    { label: 'PUBLISHED SIGNALS', value: signals.published, hint: `${signals.open} open · ${signals.finished} finished` },
    { label: 'ACTIVE SUBSCRIBERS', value: subscribers.active, hint: email.welcomePending ? `${email.welcomePending} welcome e-mails pending` : 'every welcome e-mail sent' },
    {
      label: 'JOB QUEUE',
      value: health.jobs.waiting === null ? 'OFF' : health.jobs.waiting,
      hint: health.jobs.waiting ? `oldest waiting ${Math.round((health.jobs.lagMs ?? 0) / 1000)} s` : 'jobs due and waiting',
    },
    {
      label: 'LAST PAYMENT EVENT',
      value: health.payments.lastEventAt ? (relativeTime(health.payments.lastEventAt) ?? '—').toUpperCase() : 'NONE',
      hint:
        health.payments.mode === 'none'
          ? 'no payment provider configured'
          : health.payments.lastEventAt
            ? `${health.payments.lastEventType ?? ''} · ${formatDateTime(health.payments.lastEventAt) ?? ''}`
            : 'none received yet',
    },
  ];
}

export function AnalyticsTab() {
  const ops = useOperations();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          NOTIFICATION ANALYTICS
        </Title>
        <Group gap="xs">
          {ops.data && (
            <Text size="xs" c="dimmed">
              Measured {formatDateTime(ops.data.measuredAt)}
            </Text>
          )}
          <Button size="xs" variant="default" onClick={() => void ops.refetch()} loading={ops.isFetching}>
            REFRESH
          </Button>
        </Group>
      </Group>
      {ops.isError ? (
        <Text c="var(--t0-down)" role="alert">
          Figures could not be measured: {ops.error.message}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-testid="analytics-figures">
          {ops.data
            ? figures(ops.data).map((f) => <StatCard key={f.label} label={f.label} value={f.value} hint={f.hint} />)
            : Array.from({ length: 8 }, (_, i) => <Skeleton key={i} h={92} />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}
