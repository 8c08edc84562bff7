import { Anchor, Box, Group, SimpleGrid, Text } from '@mantine/core';
import { formatPercent, formatR } from '@t0/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { StatCard } from '../../../components/StatCard';
import { errorMessage } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';

/**
 * An analyst's own figures at the top of their console: their record as the public page computes it
 * (`GET /api/performance?analyst=`), the prescribed statement beside it while the desk has it on.
 */
export function AnalystOwnFigures({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const record = useQuery(trpc.performance.summary.queryOptions({ analyst: slug }, { staleTime: 60_000 }));
  if (record.isLoading) return <LoadingSkeleton variant="cards" count={4} label="Loading your record" />;
  if (record.isError || !record.data)
    return (
      <ErrorPanel
        text={errorMessage(record.error, 'Failed to load your record.')}
        onRetry={() => void record.refetch()}
        retrying={record.isRefetching}
      />
    );
  const p = record.data;
  return (
    <Box mt="md" data-testid="analyst-own-figures">
      <Group justify="space-between" mb="xs">
        <Text className="t0-label">MY RECORD</Text>
        <Anchor component={Link} to={`/performance/analysts/${slug}`} size="xs" fw={700}>
          MY PUBLIC PAGE →
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard label="SIGNALS TAKEN" value={p.signalsTaken} hint={`${p.openSignals} open now`} tone="info" />
        <StatCard label="WIN RATE" value={formatPercent(p.winRate)} />
        <StatCard label="EXPECTANCY" value={formatR(p.expectancy)} />
        <StatCard label="TOTAL" value={formatR(p.totalR)} hint={`max drawdown ${formatR(-p.maxDrawdownR)}`} />
      </SimpleGrid>
      {p.statement && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="prescribed-statement">
          {p.statement}
        </Text>
      )}
    </Box>
  );
}
