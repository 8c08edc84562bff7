import { Anchor, Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDuration, formatPercent, formatR, type PerformanceGroup } from '@t0/contracts';
import { IconChartLine, IconDownload, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { StatCard, type StatTone } from '../../components/StatCard';
import { PublicPageBar } from '../../components/shell/BackHomeButton';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { BrokerWidget } from './BrokerWidget';
import { EquityCurve } from './EquityCurve';
import { Formulas } from './Formulas';
import { PrescribedStatement } from './PrescribedStatement';
import { GroupTable, TradesTable } from './RecordTables';
import { SignedCheckpoint } from './SignedCheckpoint';
import { VerificationBanner } from './VerificationBanner';
import { useDates } from '../../lib/time-zone';
import { useRecordT } from './words';

const rTone = (r: number | null | undefined): StatTone => (r == null || r === 0 ? 'default' : r > 0 ? 'up' : 'down');

/** The parts of the record page, drawn one a frame once it has answered (useDrawSteps). */
const DRAW_STEPS = 4;

/**
 * How many of the record's parts to draw: none until `ready`, then one more each frame up to
 * `total`. The record is drawn in steps: the notices and figures, on screen at once; the
 * curve and the tables by instrument and month; the closed trades; the broker and the formulas, so
 * the phone lays out and paints a part at a time, never the whole page in one task. Each step only
 * adds below the ones before it: nothing on screen moves.
 */
function useDrawSteps(ready: boolean, total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (!ready || shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(total, n + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, shown, total]);
  return ready ? shown : 0;
}

/** An analyst's page lists the last 12 calendar months (UTC, this one included); the whole record every month. */
function lastTwelveMonths(groups: PerformanceGroup[], now = new Date()): PerformanceGroup[] {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 7);
  return groups.filter((g) => g.key >= from);
}

/**
 * The public track record: every closed signal's result in R, computed from the hash-chained event
 * log. At `/performance/analysts/:slug`, the same figures over one analyst's signals.
 */
export function PerformancePage() {
  const trpc = useTRPC();
  const { slug } = useParams();
  const record = useQuery(
    trpc.performance.summary.queryOptions(slug ? { analyst: slug } : undefined, {
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
  );
  // The signed checkpoint's figures are asked for with the record's (not once the record has drawn
  // SignedCheckpoint), and the page is drawn when all have answered: one change from the skeleton
  // to the page, nothing moving afterwards.
  const checkpoint = useQuery(
    trpc.record.checkpoints.queryOptions({ pageSize: 1 }, { staleTime: 30_000, refetchInterval: 60_000 }),
  );
  const key = useQuery(trpc.record.key.queryOptions(undefined, { staleTime: Infinity }));
  const { t } = useRecordT();
  const { dateTime } = useDates();
  const analyst = record.data?.analyst ?? null;
  useDocumentMeta(
    analyst ? t('record:meta.analystTitle', { name: analyst.displayName.toUpperCase() }) : t('record:meta.title'),
    analyst ? t('record:meta.analystDescription', { name: analyst.displayName }) : t('record:meta.description'),
  );
  const answered = !record.isLoading && !checkpoint.isLoading && !key.isLoading;
  // The page is drawn in the background (a deferred render, in short slices), the skeleton staying
  // until it is ready: the answer arriving never holds the main thread for the whole page at once.
  const loading = useDeferredValue(!answered);
  const p = loading ? undefined : record.data;
  const step = useDrawSteps(!loading, DRAW_STEPS);

  let body;
  if (loading) body = <LoadingSkeleton variant="cards" count={8} label={t('record:page.loading')} />;
  else if (record.isError || !p)
    body = (
      <ErrorPanel
        text={errorMessage(record.error, slug ? t('record:page.analystFailed') : t('record:page.failed'))}
        onRetry={() => void record.refetch()}
        retrying={record.isRefetching}
      />
    );
  else
    body = (
      <Stack gap="md">
        {p.includesDemo && p.demoTrades > 0 && (
          <Text size="sm" c="var(--t0-warn)" data-testid="demo-notice">
            {t('record:page.demo', { demo: p.demoTrades })}
          </Text>
        )}
        <VerificationBanner v={p.verification} />
        <SignedCheckpoint />
        {p.signalsTaken === 0 ? (
          <Paper className="t0-surface">
            <EmptyState
              text={t('record:page.empty')}
              hint={t('record:page.emptyHint')}
              icon={<IconChartLine size={28} stroke={1.5} />}
            />
          </Paper>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="record-figures">
              <StatCard
                label={t('record:figure.signalsTaken')}
                value={p.signalsTaken}
                hint={t('record:figure.signalsTakenHint', { wins: p.wins, losses: p.losses, breakevens: p.breakevens })}
                tone="info"
                data-figure="signalsTaken"
              />
              <StatCard
                label={t('record:figure.winRate')}
                value={formatPercent(p.winRate)}
                hint={t('record:figure.winRateHint', { rate: formatPercent(p.winRateExBreakeven) })}
                data-figure="winRate"
              />
              <StatCard
                label={t('record:figure.total')}
                value={formatR(p.totalR)}
                hint={t('record:figure.totalHint', { r: formatR(p.averageR) })}
                tone={rTone(p.totalR)}
                data-figure="totalR"
              />
              <StatCard
                label={t('record:figure.expectancy')}
                value={formatR(p.expectancy)}
                hint={t('record:figure.expectancyHint', { ratio: p.expectancyRatio?.toFixed(2) ?? '--' })}
                tone={rTone(p.expectancy)}
                data-figure="expectancy"
              />
              <StatCard
                label={t('record:figure.profitFactor')}
                value={p.profitFactor === null ? (p.wins > 0 ? '∞' : '--') : p.profitFactor.toFixed(2)}
                data-figure="profitFactor"
              />
              <StatCard
                label={t('record:figure.maxDrawdown')}
                value={formatR(-p.maxDrawdownR)}
                tone={p.maxDrawdownR > 0 ? 'down' : 'default'}
                data-figure="maxDrawdownR"
              />
              <StatCard
                label={t('record:figure.streaks')}
                value={t('record:figure.streaksValue', { wins: p.longestWinStreak, losses: p.longestLossStreak })}
                hint={t('record:figure.streaksHint')}
              />
              <StatCard
                label={t('record:figure.averageWinLoss')}
                value={`${formatR(p.averageWinR)} / ${formatR(p.averageLossR)}`}
                hint={t('record:figure.averageWinLossHint', { best: formatR(p.bestR), worst: formatR(p.worstR) })}
              />
              <StatCard
                label={t('record:figure.averageExcursion')}
                value={`${formatR(p.averageMfeR)} / ${formatR(p.averageMaeR)}`}
                hint={t('record:figure.averageExcursionHint')}
              />
              <StatCard
                label={t('record:figure.averageDuration')}
                value={formatDuration(p.averageDurationMs)}
                hint={t('record:figure.averageDurationHint')}
              />
              <StatCard
                label={t('record:figure.notFilled')}
                value={`${p.cancelledSignals + p.withdrawnSignals - p.trades.filter((t) => t.reason === 'withdrawn').length}`}
                hint={t('record:figure.notFilledHint', {
                  cancelled: p.cancelledSignals,
                  expired: p.expiredSignals,
                  withdrawn: p.withdrawnSignals,
                  deleted: p.deletedSignals,
                })}
              />
              <StatCard
                label={t('record:figure.openNow')}
                value={p.openSignals}
                hint={t('record:figure.openNowHint')}
              />
            </SimpleGrid>
            {step >= 2 && (
              <>
                <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface t0-near-screen">
                  <Title order={2} size="h4" lts="0.08em" mb="sm">
                    {t('record:section.equityCurve')}
                  </Title>
                  <EquityCurve equity={p.equity} />
                </Paper>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" className="t0-near-screen">
                  <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
                    <Title order={2} size="h4" lts="0.08em" mb="sm">
                      {t('record:section.byInstrument')}
                    </Title>
                    <GroupTable
                      label={t('record:table.byInstrument')}
                      keyHeader={t('record:table.instrument')}
                      testId="table-instrument"
                      groups={p.byInstrument}
                    />
                  </Paper>
                  <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
                    <Title order={2} size="h4" lts="0.08em" mb="sm">
                      {slug ? t('record:section.lastTwelveMonths') : t('record:section.byMonth')}
                    </Title>
                    <GroupTable
                      label={t('record:table.byMonth')}
                      keyHeader={t('record:table.month')}
                      testId="table-month"
                      groups={[...(slug ? lastTwelveMonths(p.byMonth) : p.byMonth)].reverse()}
                    />
                  </Paper>
                </SimpleGrid>
              </>
            )}
            {step >= 3 && (
              <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface t0-near-screen">
                <Title order={2} size="h4" lts="0.08em" mb="sm">
                  {t('record:section.closedTrades')}
                </Title>
                <TradesTable trades={p.trades} />
              </Paper>
            )}
          </>
        )}
        {step >= 4 && (
          <>
            {!slug && <BrokerWidget />}
            <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface t0-near-screen">
              <Formulas />
            </Paper>
          </>
        )}
      </Stack>
    );

  return (
    <Box mih="100vh" data-testid="PerformancePage">
      <Container size="xl" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <PublicPageBar />
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Title order={1} size="h2" lts="0.1em">
                {slug
                  ? t('record:meta.analystTitle', { name: (analyst?.displayName ?? slug).toUpperCase() })
                  : t('record:meta.title')}
              </Title>
              {slug ? (
                <Stack gap={2} data-testid="analyst-heading">
                  {analyst && (analyst.title || !analyst.active) && (
                    <Group gap="xs">
                      {analyst.title && (
                        <Text size="sm" fw={700}>
                          {analyst.title}
                        </Text>
                      )}
                      {!analyst.active && (
                        <Badge color="gray" variant="outline" size="sm">
                          {t('record:page.departed')}
                        </Badge>
                      )}
                    </Group>
                  )}
                  <Text size="sm" c="dimmed">
                    {t('record:page.analystLead')}{' '}
                    <Anchor component={Link} to="/performance" size="sm" underline="always">
                      {t('record:page.wholeRecord')}
                    </Anchor>
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('record:page.lead')}
                </Text>
              )}
              {/* One line whether the record has answered or not, so nothing below it moves. */}
              <Text size="sm" c="dimmed" data-testid="monitoring-since">
                {p?.monitoringSince ? (
                  <>
                    {t('record:page.monitoringSince')} <span className="t0-date">{dateTime(p.monitoringSince)}</span>.
                  </>
                ) : (
                  '\u00a0'
                )}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button
                component="a"
                href={slug ? `/api/performance.csv?analyst=${encodeURIComponent(slug)}` : '/api/performance.csv'}
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
              >
                CSV
              </Button>
              <Anchor
                href={slug ? `/api/performance?analyst=${encodeURIComponent(slug)}` : '/api/performance'}
                size="xs"
              >
                JSON
              </Anchor>
              <Button
                component={Link}
                to="/performance/leaderboard"
                variant="default"
                size="xs"
                leftSection={<IconTrophy size={14} aria-hidden />}
              >
                {t('record:page.leaderboard')}
              </Button>
            </Group>
          </Group>
          {/* The same for every record (and drawn by the build, with the page): shown before the figures. */}
          <Text size="sm" c="dimmed" data-testid="hypothetical-notice">
            {t('record:page.hypothetical')}
          </Text>
          <PrescribedStatement text={p?.statement} />
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
