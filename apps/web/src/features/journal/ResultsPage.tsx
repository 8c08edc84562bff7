import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatDateTime,
  formatPercent,
  formatPips,
  formatPrice,
  formatR,
  resultsCsv,
  type Results,
} from '@t0/contracts';
import { IconDownload, IconNotebook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DirectionBadge } from '../../components/DirectionBadge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { StatCard, type StatTone } from '../../components/StatCard';
import { SubpageBar } from '../../components/shell/SubpageBar';
import { TerminalTable, type TerminalColumn } from '../../components/TerminalTable';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { useTimeZone } from '../../lib/time-zone';
import { ImportPanel } from './ImportPanel';
import { TwoCurves } from './TwoCurves';
import { saveFile } from '../../lib/save-file';

type Trade = Results['trades'][number];
const ALL = '';

const rTone = (r: number | null | undefined): StatTone => (r == null || r === 0 ? 'default' : r > 0 ? 'up' : 'down');
const rColour = (r: number | null) => (r == null || r === 0 ? undefined : r > 0 ? 'var(--t0-up)' : 'var(--t0-down)');

const COLUMNS: TerminalColumn<Trade>[] = [
  {
    key: 'signal',
    header: 'SIGNAL',
    render: (t) => (
      <Group gap={6} wrap="nowrap">
        <Text span className="t0-num" fw={700}>
          {t.instrument}
        </Text>
        {t.direction && <DirectionBadge direction={t.direction} />}
      </Group>
    ),
    sortValue: (t) => t.publishedAt ?? '',
  },
  { key: 'account', header: 'ACCOUNT', render: (t) => t.account, visibleFrom: 'sm' },
  {
    key: 'decision',
    header: 'DECISION',
    render: (t) => (
      <Badge variant="outline" radius="xs" color={t.decision === 'took' ? 'green' : 'gray'}>
        {t.decision === 'took' ? (t.open ? 'TOOK · OPEN' : 'TOOK') : 'SKIPPED'}
      </Badge>
    ),
  },
  {
    key: 'fill',
    header: 'MY FILL',
    align: 'right',
    render: (t) => (
      <Text span className="t0-num" title={t.farFromFeed ? 'Far from every price the desk’s feed saw' : undefined}>
        {t.fillPrice === null ? '--' : formatPrice(t.instrument, t.fillPrice)}
        {t.farFromFeed && (
          <Text span c="var(--t0-warn)" fw={700} data-testid="far-from-feed">
            {' '}
            ⚠ FAR FROM FEED
          </Text>
        )}
      </Text>
    ),
    visibleFrom: 'sm',
  },
  {
    key: 'slippage',
    header: 'SLIPPAGE',
    align: 'right',
    render: (t) => formatPips(t.slippagePips, t.instrument),
    sortValue: (t) => t.slippagePips ?? 0,
    visibleFrom: 'md',
  },
  {
    key: 'mine',
    header: 'MY R',
    align: 'right',
    render: (t) => (
      <Text span className="t0-num" fw={700} c={rColour(t.r)}>
        {formatR(t.r)}
      </Text>
    ),
    sortValue: (t) => t.r ?? 0,
  },
  {
    key: 'desk',
    header: 'DESK R',
    align: 'right',
    render: (t) => (
      <Text span className="t0-num" c={rColour(t.deskR)}>
        {formatR(t.deskR)}
      </Text>
    ),
    sortValue: (t) => t.deskR ?? 0,
  },
  {
    key: 'money',
    header: 'P&L',
    align: 'right',
    render: (t) => (t.money === null ? '--' : t.money.toFixed(2)),
    visibleFrom: 'md',
  },
  {
    key: 'closed',
    header: 'CLOSED',
    render: (t) => (t.closedAt ? formatDateTime(t.closedAt) : '--'),
    sortValue: (t) => t.closedAt ?? '',
    visibleFrom: 'lg',
  },
];

function downloadCsv(results: Results) {
  saveFile(resultsCsv(results.trades, results.notice), 't0-my-results.csv', 'text/csv');
}

/** MY RESULTS: what I made on the signals I took, beside what the desk made on the same signals. */
export function ResultsPage() {
  useTimeZone();
  useDocumentMeta('MY RESULTS', 'Your results on the signals you took, beside the desk’s.');
  const trpc = useTRPC();
  const [account, setAccount] = useState(ALL);
  const accounts = useQuery(trpc.journal.accounts.queryOptions(undefined, { staleTime: 60_000 }));
  const queryClient = useQueryClient();
  const [newAccount, setNewAccount] = useState('');
  const addAccount = useMutation(
    trpc.journal.addAccount.mutationOptions({
      onSuccess: (a) => {
        toast({ title: `Account ${a.name} added` });
        setNewAccount('');
        void queryClient.invalidateQueries({ queryKey: trpc.journal.accounts.queryKey() });
      },
      onError: (error) =>
        toast({ title: 'Not added', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const results = useQuery(
    trpc.journal.results.queryOptions(account === ALL ? undefined : { account }, { staleTime: 15_000 }),
  );
  const r = results.data;

  let body;
  if (results.isLoading) body = <LoadingSkeleton variant="cards" count={6} label="Loading your results" />;
  else if (results.isError || !r)
    body = (
      <ErrorPanel
        text={errorMessage(results.error, 'Failed to load your results.')}
        onRetry={() => void results.refetch()}
        retrying={results.isRefetching}
      />
    );
  else if (r.trades.length === 0)
    body = (
      <Paper className="t0-surface">
        <EmptyState
          text="NOTHING IN YOUR BOOK YET"
          hint="Open a signal and choose I TOOK IT or I SKIPPED IT, or import your fills below: your results appear here."
          icon={<IconNotebook size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else {
    const s = r.summary;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="my-figures">
          <StatCard label="TAKEN" value={s.taken} hint={`${s.closed} closed · ${s.skipped} skipped`} tone="info" />
          <StatCard
            label="MY TOTAL"
            value={formatR(s.totalR)}
            hint={`mean ${formatR(s.meanR)}`}
            tone={rTone(s.totalR)}
            data-figure="totalR"
          />
          <StatCard
            label="DESK, SAME SIGNALS"
            value={formatR(s.deskTotalR)}
            hint="what the record made on them"
            tone={rTone(s.deskTotalR)}
            data-figure="deskTotalR"
          />
          <StatCard label="MY WIN RATE" value={formatPercent(s.winRate)} hint="closed above 0 R" />
          <StatCard
            label="MEDIAN SLIPPAGE"
            value={s.medianSlippagePips === null ? '--' : `${s.medianSlippagePips}`}
            hint="pips against the desk’s entry"
          />
          <StatCard
            label="EVERY SIGNAL"
            value={r.everySignal ? formatR(r.everySignal.r) : '--'}
            hint={
              r.everySignal
                ? `${r.everySignal.signals} signals at ${r.everySignal.riskPercent}% risk: ${r.everySignal.accountPercent > 0 ? '+' : ''}${r.everySignal.accountPercent}%`
                : 'had you taken every signal'
            }
            tone={rTone(r.everySignal?.r)}
            data-figure="everySignal"
          />
        </SimpleGrid>
        {(r.curves.mine.length > 0 || r.curves.desk.length > 0) && (
          <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
            <Title order={2} size="h4" lts="0.08em" mb="sm">
              MY CURVE AND THE DESK’S (R)
            </Title>
            <TwoCurves
              testId="results-curves"
              curves={[
                { label: 'MINE', colour: 'var(--t0-accent)', points: r.curves.mine },
                { label: 'DESK', colour: 'var(--t0-info)', dashed: true, points: r.curves.desk },
              ]}
            />
          </Paper>
        )}
        <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
          <Title order={2} size="h4" lts="0.08em" mb="sm">
            MY BOOK
          </Title>
          <TerminalTable
            columns={COLUMNS}
            rows={r.trades}
            rowKey={(t) => `${t.account}:${t.signalId}`}
            rowLabel={(t) => `${t.instrument} ${t.decision}`}
            label="My journaled signals"
            testId="results-table"
            minWidth={340}
          />
        </Paper>
      </Stack>
    );
  }

  return (
    <Box mih="100vh" data-testid="ResultsPage">
      <SubpageBar
        label="Results navigation"
        right={
          <Anchor component={Link} to="/performance" fw={700} size="sm">
            DESK RECORD
          </Anchor>
        }
      />
      <Container size="xl" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Title order={1} size="h2" lts="0.1em">
                MY RESULTS
              </Title>
              <Text size="sm" c="dimmed" maw={720} data-testid="results-notice">
                {r?.notice ??
                  'Your own figures, computed from what you entered: private to you and not part of the desk’s record.'}
              </Text>
            </Stack>
            <Group gap="xs" align="flex-end">
              <Select
                label="Account"
                size="xs"
                w={160}
                allowDeselect={false}
                value={account}
                onChange={(v) => setAccount(v ?? ALL)}
                data={[
                  { value: ALL, label: 'All accounts' },
                  ...(accounts.data ?? []).map((a) => ({ value: a.name, label: a.name })),
                ]}
              />
              <TextInput
                label="New account"
                size="xs"
                w={140}
                maxLength={40}
                value={newAccount}
                onChange={(e) => setNewAccount(e.currentTarget.value)}
              />
              <Button
                variant="default"
                size="xs"
                loading={addAccount.isPending}
                disabled={newAccount.trim() === ''}
                onClick={() => addAccount.mutate({ name: newAccount.trim() })}
              >
                ADD
              </Button>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                disabled={!r || r.trades.length === 0}
                onClick={() => r && downloadCsv(r)}
              >
                CSV
              </Button>
            </Group>
          </Group>
          {body}
          <ImportPanel accounts={(accounts.data ?? []).map((a) => a.name)} />
        </Stack>
      </Container>
    </Box>
  );
}
