import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  formatAmount,
  monthKey,
  parseMonth,
  type RevenueFiguresView,
  type RevenueMonthView,
  type RevenuePlanView,
} from '@t0/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { StatCard } from '../../../components/StatCard';
import { useTRPC } from '../../../lib/trpc';
import { ConsoleTable, type ConsoleColumn } from '../ConsoleTable';
import { saveFile } from '../../../lib/save-file';

// The ANALYTICS tab's REVENUE section: MRR and its movement per month, holders, churn, trials,
// money back, ARPU and LTV per plan, cohorts (docs/features/revenue.md defines each figure).

const WINDOWS = [3, 6, 12, 24] as const;

/** The window of `months` months ending with this UTC month. */
function windowOf(months: number, now = new Date()) {
  const to = monthKey(now);
  const start = parseMonth(to)!;
  const from = monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - months + 1, 1)));
  return { from, to };
}

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);

function Num({ children, tone }: { children: ReactNode; tone?: 'up' | 'down' | 'dim' }) {
  const c = tone === 'up' ? 'var(--t0-up)' : tone === 'down' ? 'var(--t0-down)' : tone === 'dim' ? 'dimmed' : undefined;
  return (
    <Text size="xs" ff="monospace" c={c} ta="right">
      {children}
    </Text>
  );
}

function monthColumns(currency: string): ConsoleColumn<RevenueMonthView>[] {
  const money = (n: number) => formatAmount(n, currency);
  const signed = (n: number, sign: '+' | '−') => (n === 0 ? money(0) : `${sign}${money(n)}`);
  return [
    { key: 'month', header: 'MONTH', render: (m) => <Text size="xs">{m.month}</Text> },
    {
      key: 'new',
      header: 'NEW',
      align: 'right',
      render: (m) => <Num tone={m.newMrr ? 'up' : 'dim'}>{signed(m.newMrr, '+')}</Num>,
    },
    {
      key: 'expansion',
      header: 'EXPANSION',
      align: 'right',
      render: (m) => <Num tone={m.expansionMrr ? 'up' : 'dim'}>{signed(m.expansionMrr, '+')}</Num>,
    },
    {
      key: 'contraction',
      header: 'CONTRACTION',
      align: 'right',
      render: (m) => <Num tone={m.contractionMrr ? 'down' : 'dim'}>{signed(m.contractionMrr, '−')}</Num>,
    },
    {
      key: 'churned',
      header: 'CHURNED',
      align: 'right',
      render: (m) => <Num tone={m.churnedMrr ? 'down' : 'dim'}>{signed(m.churnedMrr, '−')}</Num>,
    },
    { key: 'mrr', header: 'MRR', align: 'right', render: (m) => <Num>{money(m.mrr)}</Num> },
    {
      key: 'holders',
      header: 'HOLDERS',
      align: 'right',
      render: (m) => (
        <Num>
          {m.activeHolders}
          {m.unpricedHolders ? ` (${m.unpricedHolders} unpriced)` : ''}
        </Num>
      ),
    },
    {
      key: 'churn',
      header: 'CHURN · VOL/INVOL',
      align: 'right',
      render: (m) => (
        <Num tone={m.churnedHolders ? 'down' : 'dim'}>
          {pct(m.churnRate)} · {m.voluntaryChurn}/{m.involuntaryChurn}
        </Num>
      ),
    },
    {
      key: 'trials',
      header: 'TRIALS',
      align: 'right',
      render: (m) => (
        <Num tone={m.trialsStarted ? undefined : 'dim'}>
          {m.trialsConverted}/{m.trialsStarted - m.trialsRunning} · {pct(m.trialConversionRate)}
        </Num>
      ),
    },
    { key: 'net', header: 'NET REVENUE', align: 'right', render: (m) => <Num>{money(m.netRevenue)}</Num> },
    {
      key: 'refunds',
      header: 'REFUNDS',
      align: 'right',
      render: (m) => (
        <Num tone={m.refunds.count ? 'down' : 'dim'}>
          {m.refunds.count} · {money(m.refunds.amount)}
        </Num>
      ),
    },
    {
      key: 'disputes',
      header: 'DISPUTES · OPEN/WON/LOST',
      align: 'right',
      render: (m) => (
        <Num tone={m.disputes.opened ? 'down' : 'dim'}>
          {m.disputes.opened}/{m.disputes.won}/{m.disputes.lost}
          {m.disputes.lostAmount ? ` · −${money(m.disputes.lostAmount)}` : ''}
        </Num>
      ),
    },
  ];
}

function planColumns(currency: string): ConsoleColumn<RevenuePlanView>[] {
  const money = (n: number | null) => (n === null ? '—' : formatAmount(n, currency));
  return [
    {
      key: 'plan',
      header: 'PLAN',
      wrap: true,
      render: (p) => (
        <Text size="xs" style={{ wordBreak: 'break-word' }}>
          {p.name}
        </Text>
      ),
    },
    {
      key: 'net',
      header: 'NET REVENUE',
      align: 'right',
      visibleFrom: 'sm',
      render: (p) => <Num>{money(p.netRevenue)}</Num>,
    },
    {
      key: 'holders',
      header: 'AVG HOLDERS',
      align: 'right',
      visibleFrom: 'sm',
      render: (p) => <Num>{p.averageHolders}</Num>,
    },
    { key: 'arpu', header: 'ARPU / MONTH', align: 'right', render: (p) => <Num>{money(p.arpu)}</Num> },
    { key: 'churn', header: 'CHURN / MONTH', align: 'right', render: (p) => <Num>{pct(p.churnRate)}</Num> },
    { key: 'ltv', header: 'LTV', align: 'right', render: (p) => <Num>{money(p.ltv)}</Num> },
  ];
}

type Cohort = RevenueFiguresView['cohorts'][number];

function cohortColumns(span: number): ConsoleColumn<Cohort>[] {
  return [
    { key: 'month', header: 'FIRST PAID', render: (c) => <Text size="xs">{c.month}</Text> },
    { key: 'size', header: 'SIZE', align: 'right', render: (c) => <Num>{c.size}</Num> },
    ...Array.from({ length: span }, (_, i) => ({
      key: `m${i}`,
      header: `M+${i}`,
      align: 'right' as const,
      render: (c: Cohort) =>
        c.active[i] === undefined ? (
          <Num tone="dim">·</Num>
        ) : (
          <Num tone={c.active[i] === c.size ? undefined : 'dim'}>
            {c.active[i]} ({Math.round((c.active[i]! / c.size) * 100)}%)
          </Num>
        ),
    })),
  ];
}

function headline(f: RevenueFiguresView) {
  const money = (n: number | null) => (n === null ? 'NO DATA' : formatAmount(n, f.reportingCurrency));
  const now = f.months.at(-1)!;
  const churned = f.months.reduce((n, m) => n + m.churnedHolders, 0);
  const voluntary = f.months.reduce((n, m) => n + m.voluntaryChurn, 0);
  return [
    {
      label: 'MRR NOW',
      value: money(now.mrr),
      hint: `${now.month}: ${now.newMrr ? `+${money(now.newMrr)} new` : 'no new'}, ${now.churnedMrr ? `−${money(now.churnedMrr)} churned` : 'none churned'}${now.unpricedHolders ? `; ${now.unpricedHolders} holders priced in another currency` : ''}`,
    },
    {
      label: 'ACTIVE HOLDERS',
      value: now.activeHolders,
      hint: `paying now (trials and free access not counted); ${now.holdersStart} at the month's opening`,
    },
    {
      label: 'CHURN / MONTH',
      value: f.totals.churnRate === null ? 'NO DATA' : `${f.totals.churnRate}%`,
      hint: `${churned} left in the window: ${voluntary} cancelled, ${churned - voluntary} payment failed or disputed`,
    },
    {
      label: 'ARPU / MONTH',
      value: money(f.totals.arpu),
      hint: `net revenue ${money(f.totals.netRevenue)} over ${f.totals.averageHolders} average holders`,
    },
    {
      label: 'LTV',
      value: money(f.totals.ltv),
      hint: f.totals.ltv === null ? 'no churn in the window: no lifetime to divide by' : 'ARPU ÷ monthly churn',
    },
  ];
}

/** The ANALYTICS tab's REVENUE section, from the ledger and the subscription grants. */
export function RevenueFigures() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState<number>(12);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const range = windowOf(months);
  const q = useQuery(trpc.ledger.revenue.queryOptions(range, { placeholderData: keepPreviousData }));
  const f = q.data;

  async function downloadCsv() {
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery(trpc.ledger.revenueExport.queryOptions(range));
      saveFile(file.csv, file.filename, 'text/csv');
      setError(null);
    } catch {
      setError('The CSV could not be made; try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="revenue-title" data-testid="revenue-figures">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <Stack gap={2}>
          <Title order={3} fz="h5" id="revenue-title">
            REVENUE
          </Title>
          <Text size="xs" c="dimmed">
            {f
              ? `${f.from} to ${f.to} (UTC months), in ${f.reportingCurrency}. ${f.totals.notConverted ? `${f.totals.notConverted} ledger entries in another currency left out.` : 'Every ledger entry converted.'}`
              : 'From the ledger and the subscription grants.'}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          <Select
            label="WINDOW"
            size="xs"
            w={150}
            allowDeselect={false}
            data={WINDOWS.map((n) => ({ value: String(n), label: `LAST ${n} MONTHS` }))}
            value={String(months)}
            onChange={(v) => v && setMonths(Number(v))}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={exporting}
            onClick={() => void downloadCsv()}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {error && (
        <Text size="sm" c="var(--t0-down)" role="alert">
          {error}
        </Text>
      )}
      {q.isError ? (
        <Text c="var(--t0-down)" role="alert">
          Revenue figures could not be counted: {q.error.message}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" data-testid="revenue-cards">
          {f
            ? headline(f).map((c) => (
                <StatCard
                  key={c.label}
                  label={c.label}
                  value={c.value}
                  hint={c.hint}
                  data-testid="revenue-card"
                  data-label={c.label}
                />
              ))
            : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={92} />)}
        </SimpleGrid>
      )}
      {f && (
        <>
          <Paper p="sm" className="t0-surface">
            <Text className="t0-label" mb="xs">
              MRR MOVEMENT PER MONTH
            </Text>
            <ConsoleTable
              label="MRR per month"
              columns={monthColumns(f.reportingCurrency)}
              rows={[...f.months].reverse()}
              rowKey={(m) => m.month}
              rowAttributes={(m) => ({ 'data-testid': 'revenue-month', 'data-month': m.month })}
              striped
              minWidth={1100}
            />
          </Paper>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            <Paper p="sm" className="t0-surface">
              <Text className="t0-label" mb="xs">
                ARPU AND LTV PER PLAN
              </Text>
              <ConsoleTable
                label="ARPU and LTV per plan"
                columns={planColumns(f.reportingCurrency)}
                rows={f.plans}
                rowKey={(p) => p.plan}
                rowAttributes={(p) => ({ 'data-testid': 'revenue-plan', 'data-plan': p.plan })}
                minWidth={340}
                empty={{ text: 'No plan was paid for in the window' }}
              />
            </Paper>
            <Paper p="sm" className="t0-surface">
              <Text className="t0-label" mb="xs">
                COHORTS (STILL PAYING AT EACH MONTH’S CLOSE)
              </Text>
              <ConsoleTable
                label="Cohorts"
                columns={cohortColumns(Math.min(f.months.length, 12))}
                rows={f.cohorts}
                rowKey={(c) => c.month}
                rowAttributes={(c) => ({ 'data-testid': 'revenue-cohort', 'data-month': c.month })}
                minWidth={560}
                empty={{ text: 'Nobody first paid in the window' }}
              />
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
