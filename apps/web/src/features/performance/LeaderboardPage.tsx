import {
  Anchor,
  Badge,
  Box,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatPercent,
  formatR,
  LEADERBOARD_MIN_TRADES,
  LEADERBOARD_WINDOWS,
  type LeaderboardWindow,
} from '@t0/contracts';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { ScrollTable } from '../../components/ScrollTable';
import { PublicPageBar } from '../../components/shell/BackHomeButton';
import { errorMessage, isForbidden, isUnauthorized } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { PrescribedStatement } from './PrescribedStatement';
import { useRecordT } from './words';

/** Each window's label: a key written in full, for the catalogue test. */
const WINDOW_KEYS: Record<LeaderboardWindow, string> = {
  '30d': 'record:leaderboard.window30d',
  '90d': 'record:leaderboard.window90d',
  '1y': 'record:leaderboard.window1y',
  all: 'record:leaderboard.windowAll',
};
const tone = (r: number | null) =>
  r === null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

/** `/performance/leaderboard`: the analysts ranked by expectancy in R (internal until the desk publishes it). */
export function LeaderboardPage() {
  const { t } = useRecordT();
  const trpc = useTRPC();
  const [window, setWindow] = useState<LeaderboardWindow>('90d');
  const board = useQuery(trpc.performance.leaderboard.queryOptions({ window }, { staleTime: 30_000, retry: false }));
  useDocumentMeta(t('record:page.leaderboard'), t('record:leaderboard.description'));
  const b = board.data;
  const refused = board.isError && (isUnauthorized(board.error) || isForbidden(board.error));

  let body;
  if (board.isLoading) body = <LoadingSkeleton variant="block" height={280} label={t('record:leaderboard.loading')} />;
  else if (refused)
    body = (
      <Paper className="t0-surface" data-testid="leaderboard-internal">
        <EmptyState
          text={t('record:leaderboard.internal')}
          hint={t('record:leaderboard.internalHint')}
          icon={<IconTrophy size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else if (board.isError || !b)
    body = (
      <ErrorPanel
        text={errorMessage(board.error, t('record:leaderboard.failed'))}
        onRetry={() => void board.refetch()}
        retrying={board.isRefetching}
      />
    );
  else if (b.rows.length === 0)
    body = (
      <Paper className="t0-surface">
        <EmptyState
          text={t('record:leaderboard.empty')}
          hint={t('record:leaderboard.emptyHint')}
          icon={<IconTrophy size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else
    body = (
      <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
        <ScrollTable label={t('record:leaderboard.tableLabel')} minWidth={640}>
          <Table verticalSpacing={6} fz="sm" data-testid="leaderboard-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('record:leaderboard.rank')}</Table.Th>
                <Table.Th>{t('record:leaderboard.analyst')}</Table.Th>
                <Table.Th className="t0-end">{t('record:leaderboard.signals')}</Table.Th>
                <Table.Th className="t0-end">{t('record:leaderboard.expectancy')}</Table.Th>
                <Table.Th className="t0-end">{t('record:table.winRate')}</Table.Th>
                <Table.Th className="t0-end">{t('record:leaderboard.profitFactor')}</Table.Th>
                <Table.Th className="t0-end">{t('record:leaderboard.maxDrawdown')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {b.rows.map((r) => (
                <Table.Tr key={r.analystId} data-testid="leaderboard-row" data-slug={r.slug}>
                  <Table.Td className="t0-num" fw={700}>
                    {r.rank ?? (
                      <Text
                        span
                        size="xs"
                        c="dimmed"
                        title={t('record:leaderboard.unrankedTitle', { min: b.minTrades })}
                      >
                        {t('record:leaderboard.unranked')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Anchor component={Link} to={`/performance/analysts/${r.slug}`} fw={700} size="sm">
                        {r.displayName}
                      </Anchor>
                      {!r.active && (
                        <Badge color="gray" variant="outline" size="xs">
                          {t('record:leaderboard.departed')}
                        </Badge>
                      )}
                    </Group>
                    {r.title && (
                      <Text size="xs" c="dimmed">
                        {r.title}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="t0-end t0-num">{r.n}</Table.Td>
                  <Table.Td className="t0-end t0-num">
                    <Text span fw={700} c={tone(r.expectancy)} inherit>
                      {formatR(r.expectancy)}
                    </Text>
                  </Table.Td>
                  <Table.Td className="t0-end t0-num">{formatPercent(r.winRate)}</Table.Td>
                  <Table.Td className="t0-end t0-num">
                    {r.profitFactor === null
                      ? r.n > 0 && (r.winRate ?? 0) > 0
                        ? '∞'
                        : '--'
                      : r.profitFactor.toFixed(2)}
                  </Table.Td>
                  <Table.Td className="t0-end t0-num">{formatR(-r.maxDrawdownR)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    );

  return (
    <Box mih="100vh" data-testid="LeaderboardPage">
      <Container size="xl" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <PublicPageBar />
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Title order={1} size="h2" lts="0.1em">
                {t('record:page.leaderboard')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('record:leaderboard.intro')}{' '}
                <Anchor component={Link} to="/performance" size="sm" underline="always">
                  {t('record:leaderboard.wholeRecord')}
                </Anchor>
              </Text>
            </Stack>
            {b && (
              <Badge variant="light" color={b.published ? 'green' : 'yellow'} data-testid="leaderboard-visibility">
                {b.published ? t('record:leaderboard.public') : t('record:leaderboard.internalBadge')}
              </Badge>
            )}
          </Group>
          <SegmentedControl
            aria-label={t('record:leaderboard.window')}
            value={window}
            onChange={(v) => setWindow(v as LeaderboardWindow)}
            data={LEADERBOARD_WINDOWS.map((w) => ({ value: w, label: t(WINDOW_KEYS[w]) }))}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="sm" c="dimmed" data-testid="leaderboard-rules">
            {t('record:leaderboard.rules', { min: LEADERBOARD_MIN_TRADES })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('record:page.hypothetical')}
          </Text>
          <PrescribedStatement text={b?.statement} />
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
