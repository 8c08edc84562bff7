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
  HYPOTHETICAL_RESULTS_NOTICE,
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

const WINDOW_LABELS: Record<LeaderboardWindow, string> = {
  '30d': '30 DAYS',
  '90d': '90 DAYS',
  '1y': '1 YEAR',
  all: 'ALL TIME',
};
const tone = (r: number | null) =>
  r === null ? undefined : r > 0 ? 'var(--t0-up)' : r < 0 ? 'var(--t0-down)' : undefined;

/** `/performance/leaderboard`: the analysts ranked by expectancy in R (internal until the desk publishes it). */
export function LeaderboardPage() {
  const trpc = useTRPC();
  const [window, setWindow] = useState<LeaderboardWindow>('90d');
  const board = useQuery(trpc.performance.leaderboard.queryOptions({ window }, { staleTime: 30_000, retry: false }));
  useDocumentMeta(
    'LEADERBOARD',
    "The desk's analysts ranked by expectancy in R over 30 days, 90 days, a year and all time.",
  );
  const b = board.data;
  const refused = board.isError && (isUnauthorized(board.error) || isForbidden(board.error));

  let body;
  if (board.isLoading) body = <LoadingSkeleton variant="block" height={280} label="Loading the leaderboard" />;
  else if (refused)
    body = (
      <Paper className="t0-surface" data-testid="leaderboard-internal">
        <EmptyState
          text="THE LEADERBOARD IS INTERNAL"
          hint="Only the desk's administrators and analysts see it until the desk publishes it. Each analyst's own record is public."
          icon={<IconTrophy size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else if (board.isError || !b)
    body = (
      <ErrorPanel
        text={errorMessage(board.error, 'Failed to load the leaderboard.')}
        onRetry={() => void board.refetch()}
        retrying={board.isRefetching}
      />
    );
  else if (b.rows.length === 0)
    body = (
      <Paper className="t0-surface">
        <EmptyState
          text="NO ANALYSTS YET"
          hint="Analysts appear here once the desk names them."
          icon={<IconTrophy size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else
    body = (
      <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
        <ScrollTable label="Analysts ranked by expectancy" minWidth={640}>
          <Table verticalSpacing={6} fz="sm" data-testid="leaderboard-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>RANK</Table.Th>
                <Table.Th>ANALYST</Table.Th>
                <Table.Th ta="right">SIGNALS (n)</Table.Th>
                <Table.Th ta="right">EXPECTANCY</Table.Th>
                <Table.Th ta="right">WIN RATE</Table.Th>
                <Table.Th ta="right">PROFIT FACTOR</Table.Th>
                <Table.Th ta="right">MAX DRAWDOWN</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {b.rows.map((r) => (
                <Table.Tr key={r.analystId} data-testid="leaderboard-row" data-slug={r.slug}>
                  <Table.Td className="t0-num" fw={700}>
                    {r.rank ?? (
                      <Text span size="xs" c="dimmed" title={`Fewer than ${b.minTrades} signals in this window`}>
                        UNRANKED
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
                          DEPARTED
                        </Badge>
                      )}
                    </Group>
                    {r.title && (
                      <Text size="xs" c="dimmed">
                        {r.title}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" className="t0-num">
                    {r.n}
                  </Table.Td>
                  <Table.Td ta="right" className="t0-num">
                    <Text span fw={700} c={tone(r.expectancy)} inherit>
                      {formatR(r.expectancy)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" className="t0-num">
                    {formatPercent(r.winRate)}
                  </Table.Td>
                  <Table.Td ta="right" className="t0-num">
                    {r.profitFactor === null
                      ? r.n > 0 && (r.winRate ?? 0) > 0
                        ? '∞'
                        : '--'
                      : r.profitFactor.toFixed(2)}
                  </Table.Td>
                  <Table.Td ta="right" className="t0-num">
                    {formatR(-r.maxDrawdownR)}
                  </Table.Td>
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
                LEADERBOARD
              </Title>
              <Text size="sm" c="dimmed">
                Analysts ranked by expectancy in R per signal.{' '}
                <Anchor component={Link} to="/performance" size="sm" underline="always">
                  The whole record
                </Anchor>
              </Text>
            </Stack>
            {b && (
              <Badge variant="light" color={b.published ? 'green' : 'yellow'} data-testid="leaderboard-visibility">
                {b.published ? 'PUBLIC' : 'INTERNAL: ADMINISTRATORS AND ANALYSTS'}
              </Badge>
            )}
          </Group>
          <SegmentedControl
            aria-label="Window"
            value={window}
            onChange={(v) => setWindow(v as LeaderboardWindow)}
            data={LEADERBOARD_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABELS[w] }))}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="sm" c="dimmed" data-testid="leaderboard-rules">
            Signals taken (n) are trades closed in the window. Ranked by expectancy only with at least{' '}
            {LEADERBOARD_MIN_TRADES} signals; the rest are listed unranked. Win rate: trades whose result in R is above
            zero (a target taken in part that ends above zero is a win). Analysts who left stay listed.
          </Text>
          <Text size="sm" c="dimmed">
            {HYPOTHETICAL_RESULTS_NOTICE}
          </Text>
          <PrescribedStatement text={b?.statement} />
          {body}
        </Stack>
      </Container>
    </Box>
  );
}
