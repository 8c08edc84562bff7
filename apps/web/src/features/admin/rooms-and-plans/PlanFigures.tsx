import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { formatAmount, PLAN_FIGURES_WINDOW_DAYS, type PlanFigure } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { ConsolePanel } from '../FormAndList';

/** Figures are counted again once a minute while the tab is open. */
const FIGURES_REFRESH_MS = 60_000;

const figure = (name: string, value: ReactNode) => (
  <span className="t0-num" data-figure={name}>
    {value}
  </span>
);

/** The revenue cell: a month's share of the paid subscriptions, or why there is none. */
function revenue(p: PlanFigure) {
  if (p.recurringRevenue)
    return figure('revenue', formatAmount(p.recurringRevenue.amountCents, p.recurringRevenue.currency));
  const why = p.terms !== 'recurring' ? 'NOT RECURRING' : 'NO PRICE';
  return (
    <Text span size="xs" c="dimmed" data-figure="revenue">
      {why}
    </Text>
  );
}

const COLUMNS: ConsoleColumn<PlanFigure>[] = [
  {
    key: 'plan',
    header: 'PLAN',
    render: (p) => (
      <Group gap={6} wrap="nowrap">
        <Text fw={700} size="sm">
          {p.name}
        </Text>
        {p.archivedAt && (
          <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
            ARCHIVED
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'holders', header: 'HOLDERS NOW', align: 'right', render: (p) => figure('holders', p.holders) },
  {
    key: 'new',
    header: `NEW (${PLAN_FIGURES_WINDOW_DAYS} D)`,
    align: 'right',
    render: (p) => figure('new', p.newGrants),
  },
  {
    key: 'ended',
    header: `ENDED (${PLAN_FIGURES_WINDOW_DAYS} D)`,
    align: 'right',
    render: (p) => figure('ended', p.endedGrants),
  },
  {
    key: 'paid',
    header: 'PAID SUBSCRIPTIONS',
    align: 'right',
    render: (p) => figure('paid', p.terms === 'recurring' ? p.paidSubscriptions : '—'),
  },
  { key: 'revenue', header: 'RECURRING / MONTH', align: 'right', render: revenue },
];

/** What each column counts, under the table (a figure shown is measured from recorded data). */
const LEGEND: Array<[string, string]> = [
  [
    'HOLDERS NOW',
    'users holding a grant of the plan now, from any source: a subscription, free days, a pass, lifetime, a free plan.',
  ],
  [
    `NEW (${PLAN_FIGURES_WINDOW_DAYS} D)`,
    `grants of the plan that started in the last ${PLAN_FIGURES_WINDOW_DAYS} days (free days added to a running grant are not a new one).`,
  ],
  [
    `ENDED (${PLAN_FIGURES_WINDOW_DAYS} D)`,
    `grants that stopped in the last ${PLAN_FIGURES_WINDOW_DAYS} days: a subscription that lost access or moved to another plan, free days or a pass that ran out, access ended by hand.`,
  ],
  [
    'PAID SUBSCRIPTIONS',
    'current subscription grants whose subscription is active or past due in its grace period; a free trial pays nothing yet.',
  ],
  [
    'RECURRING / MONTH',
    "those paid subscriptions at the plan's price now, as a month's share (every 3 months ÷ 3, yearly ÷ 12). Passes and lifetime do not recur; what they took is not shown, as no payment is recorded for them.",
  ],
];

/** FIGURES PER PLAN: each plan's holders, its grants started and ended lately, and its recurring revenue. */
export function PlanFigures() {
  const trpc = useTRPC();
  const q = useQuery(trpc.plans.figures.queryOptions(undefined, { refetchInterval: FIGURES_REFRESH_MS }));
  return (
    <ConsolePanel title="FIGURES PER PLAN" testId="plan-figures">
      <Text size="sm" c="dimmed" mb="sm">
        Counted from the access grants and the subscriptions behind them; administrators are not counted.
        {q.data && ` Measured ${formatDateTime(q.data.measuredAt) ?? ''}.`}
      </Text>
      <Stack gap="sm">
        <ConsoleTable
          label="Figures per plan"
          testId="plan-figures-table"
          columns={COLUMNS}
          rows={q.data?.plans}
          rowKey={(p) => p.key}
          rowAttributes={(p) => ({ 'data-testid': `plan-figures-${p.key}` })}
          striped
          minWidth={760}
          loading={q.isPending}
          error={
            q.error
              ? { text: `Figures could not be counted: ${q.error.message}`, onRetry: () => void q.refetch() }
              : null
          }
          empty={{ text: 'No plans yet' }}
        />
        <List size="xs" c="dimmed" spacing={2} data-testid="plan-figures-legend">
          {LEGEND.map(([label, text]) => (
            <List.Item key={label}>
              <Text span size="xs" fw={700} ff="monospace">
                {label}:
              </Text>{' '}
              {text}
            </List.Item>
          ))}
        </List>
      </Stack>
    </ConsolePanel>
  );
}
