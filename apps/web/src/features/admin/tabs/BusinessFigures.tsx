import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatAmount, type BusinessFigures as Figures } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { StatCard, type StatTone } from '../../../components/StatCard';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';

/** Business figures are counted again once a minute while the tab is open. */
const BUSINESS_REFRESH_MS = 60_000;

const monthName = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).toUpperCase();

/** Each card's figure and a line saying what it counts; NO DATA where the records hold none. */
function cards(f: Figures): { label: string; value: string | number; hint: string; tone?: StatTone }[] {
  const month = `${monthName(f.monthStart)} (UTC)`;
  const mrr = f.mrr.lines;
  return [
    {
      label: 'ACTIVE SUBSCRIBERS',
      value: f.activeSubscribers,
      hint: `users with access now: ${f.payingSubscribers} paying, ${f.freeAccess} free access (administrators not counted)`,
    },
    {
      label: 'MRR',
      value: mrr.length === 0 ? 'NO DATA' : mrr.map((l) => formatAmount(l.amountCents, l.currency)).join(' + '),
      hint:
        mrr.length === 0
          ? f.mrr.unpriced
            ? `${f.mrr.unpriced} paying holders, but no plan price in the reporting currency`
            : 'no paying subscription'
          : `monthly share of ${mrr.reduce((n, l) => n + l.subscriptions, 0)} paying holders' plans, as REVENUE counts it${f.mrr.unpriced ? `; ${f.mrr.unpriced} without a price in the reporting currency` : ''}`,
      tone: mrr.length ? 'up' : 'default',
    },
    { label: 'NEW THIS MONTH', value: f.newThisMonth, hint: `subscriptions first active in ${month}` },
    {
      label: 'CANCELLED THIS MONTH',
      value: f.endedThisMonth,
      hint: `subscriptions ended in ${month}; ${f.cancelRequestedThisMonth} more set this month to end at their period's end`,
      tone: f.endedThisMonth ? 'down' : 'default',
    },
    {
      label: 'CHURN',
      value: f.churnRate === null ? 'NO DATA' : `${f.churnRate}%`,
      hint:
        f.churnRate === null
          ? 'no subscription was active when the month began'
          : `${f.endedThisMonth} ended this month of ${f.activeAtMonthStart} active on the 1st (UTC)`,
      tone: f.churnRate ? 'warn' : 'default',
    },
    {
      label: 'FAILED PAYMENTS',
      value: f.failedPayments30d,
      hint: f.lastFailedPaymentAt
        ? `declined payments in 30 days; last ${formatDateTime(f.lastFailedPaymentAt) ?? ''}`
        : 'declined payments in 30 days (Stripe or test mode): none',
      tone: f.failedPayments30d ? 'down' : 'default',
    },
  ];
}

type CancelReason = Figures['cancelReasons30d']['latest'][number];

const CANCEL_COLUMNS: ConsoleColumn<CancelReason>[] = [
  {
    key: 'subscriber',
    header: 'SUBSCRIBER',
    wrap: true,
    render: (r) => <span style={{ wordBreak: 'break-all' }}>{r.email ?? '—'}</span>,
  },
  { key: 'reason', header: 'REASON', wrap: true, render: (r) => r.reason },
  { key: 'given', header: 'GIVEN', render: (r) => formatDateTime(r.at) },
  { key: 'state', header: 'STATE', render: (r) => (r.ended ? 'ENDED' : 'ENDS AT PERIOD END') },
];

function CancelReasons({ f }: { f: Figures }) {
  const { total, byReason, latest } = f.cancelReasons30d;
  return (
    <Paper
      p="md"
      className="t0-surface"
      component="section"
      aria-labelledby="cancel-reasons-title"
      data-testid="cancel-reasons"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="h5" id="cancel-reasons-title">
          CANCELLATION REASONS (30 DAYS)
        </Title>
        <Badge variant="light" color={total ? 'yellow' : 'gray'}>
          {total} GIVEN
        </Badge>
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          No subscriber gave a reason for cancelling in the last 30 days.
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            {byReason.map((r) => (
              <Badge key={r.reason} variant="outline" color="gray" tt="none">
                {r.reason}: {r.count}
              </Badge>
            ))}
          </Group>
          <ConsoleTable
            label="Latest cancellation reasons"
            columns={CANCEL_COLUMNS}
            rows={latest}
            rowKey={(r) => `${r.email ?? ''}-${r.at}`}
            minWidth={560}
          />
        </Stack>
      )}
    </Paper>
  );
}

/** The ANALYTICS tab's business section: subscribers, revenue, churn and payments, from the records. */
export function BusinessFigures() {
  const trpc = useTRPC();
  const q = useQuery(trpc.operations.business.queryOptions(undefined, { refetchInterval: BUSINESS_REFRESH_MS }));
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        BUSINESS
      </Title>
      {q.isError ? (
        <Text c="var(--t0-down)" role="alert">
          Business figures could not be counted: {q.error.message}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="business-figures">
          {q.data
            ? cards(q.data).map((c) => (
                <StatCard key={c.label} label={c.label} value={c.value} hint={c.hint} tone={c.tone} />
              ))
            : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={92} />)}
        </SimpleGrid>
      )}
      {q.data && <CancelReasons f={q.data} />}
    </Stack>
  );
}
