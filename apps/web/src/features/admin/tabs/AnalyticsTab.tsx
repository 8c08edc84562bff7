import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { relativeTime, type Operations } from '@t0/contracts';
import { StatCard } from '../../../components/StatCard';
import { formatDateTime } from '../../../lib/time-zone';
import { useOperations } from '../monitoring/operations';
import { PromotionCodesSection } from '../billing/PromotionCodesSection';
import { BusinessFigures } from './BusinessFigures';
import { RevenueFigures } from './RevenueFigures';

/** Every figure is measured now or counted from the records; none is a display value. */
function figures(ops: Operations) {
  const { email, health, signals, subscribers, channels } = ops;
  return [
    {
      label: 'SENT TODAY',
      value: email.allSentToday,
      hint: `e-mails of every kind since 00:00 UTC${email.allFailedToday ? ` · ${email.allFailedToday} failed` : ''} (EMAILS tab: by kind)`,
    },
    { label: 'DATABASE LATENCY', value: `${health.database.latencyMs} ms`, hint: 'one query, measured now' },
    {
      label: 'SIGNAL E-MAIL RATE',
      value: email.deliveryRate30d === null ? 'NO DATA' : `${email.deliveryRate30d}%`,
      hint:
        email.deliveryRate30d === null
          ? 'no signal e-mail in 30 days'
          : `${email.sent30d} sent, ${email.failed30d} failed in 30 days`,
    },
    {
      label: 'CHANNEL DELIVERIES',
      value: channels.deliveryRate30d === null ? 'NO DATA' : `${channels.deliveryRate30d}%`,
      hint:
        channels.deliveryRate30d === null
          ? `nothing sent to push, Discord or webhooks in 30 days${channels.skipped30d ? ` (${channels.skipped30d} skipped)` : ''}`
          : `${channels.sent30d} sent, ${channels.failed30d} failed, ${channels.skipped30d} skipped in 30 days`,
    },
    { label: 'CONNECTIONS', value: health.live.openStreams ?? 'OFF', hint: 'live streams open on this server process' },
    {
      label: 'PUBLISHED SIGNALS',
      value: signals.published,
      hint: `${signals.open} open · ${signals.finished} finished`,
    },
    {
      label: 'WELCOME E-MAILS',
      value: email.welcomePending,
      hint: email.welcomePending
        ? `of ${subscribers.active} users with access, not yet welcomed`
        : `every one of ${subscribers.active} users with access welcomed`,
    },
    {
      label: 'JOB QUEUE',
      value: health.jobs.waiting === null ? 'OFF' : health.jobs.waiting,
      hint: health.jobs.waiting
        ? `oldest waiting ${Math.round((health.jobs.lagMs ?? 0) / 1000)} s`
        : 'jobs due and waiting',
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
      <BusinessFigures />
      <RevenueFigures />
      <PromotionCodesSection />
      <Title order={3} fz="h5">
        SYSTEM AND DELIVERY
      </Title>
      {ops.isError ? (
        <Text c="var(--t0-down)" role="alert">
          Figures could not be measured: {ops.error.message}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="analytics-figures">
          {ops.data
            ? figures(ops.data).map((f) => <StatCard key={f.label} label={f.label} value={f.value} hint={f.hint} />)
            : Array.from({ length: 9 }, (_, i) => <Skeleton key={i} h={92} />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}
