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
import { formatPercent, formatPips, formatPrice, formatR, resultsCsv, type Results } from '@t0/contracts';
import { IconDownload, IconNotebook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
import { useDates } from '../../lib/time-zone';
import { ImportPanel } from './ImportPanel';
import { TwoCurves } from './TwoCurves';
import { saveFile } from '../../lib/save-file';
import { useJournalT } from './words';

type Trade = Results['trades'][number];
const ALL = '';

const rTone = (r: number | null | undefined): StatTone => (r == null || r === 0 ? 'default' : r > 0 ? 'up' : 'down');
const rColour = (r: number | null) => (r == null || r === 0 ? undefined : r > 0 ? 'var(--t0-up)' : 'var(--t0-down)');

type Translate = ReturnType<typeof useJournalT>['t'];
type DateTime = ReturnType<typeof useDates>['dateTime'];

/** My book's columns, in the reader's words; prices, pips and R as written everywhere. */
const columns = (tr: Translate, dateTime: DateTime): TerminalColumn<Trade>[] => [
  {
    key: 'signal',
    header: tr('journal:book.signal'),
    render: (t) => (
      <Group gap={6} wrap="nowrap">
        <Text span className="t0-num" fw={700}>
          {t.instrument}
        </Text>
        {/* Whole in every language: a narrow column squeezes the cell, never the badge. */}
        {t.direction && <DirectionBadge direction={t.direction} style={{ minWidth: 'max-content' }} />}
      </Group>
    ),
    sortValue: (t) => t.publishedAt ?? '',
  },
  { key: 'account', header: tr('journal:book.account'), render: (t) => t.account, visibleFrom: 'sm' },
  {
    key: 'decision',
    header: tr('journal:book.decision'),
    render: (t) => (
      <Badge
        variant="outline"
        radius="xs"
        color={t.decision === 'took' ? 'green' : 'gray'}
        style={{ minWidth: 'max-content' }}
      >
        {t.decision === 'took'
          ? t.open
            ? tr('journal:book.tookOpen')
            : tr('journal:book.took')
          : tr('journal:book.skipped')}
      </Badge>
    ),
  },
  {
    key: 'fill',
    header: tr('journal:book.fill'),
    align: 'right',
    render: (t) => (
      <Text span className="t0-num" title={t.farFromFeed ? tr('journal:book.farTitle') : undefined}>
        {t.fillPrice === null ? '--' : formatPrice(t.instrument, t.fillPrice)}
        {t.farFromFeed && (
          <Text span c="var(--t0-warn)" fw={700} data-testid="far-from-feed">
            {' '}
            {tr('journal:book.far')}
          </Text>
        )}
      </Text>
    ),
    visibleFrom: 'sm',
  },
  {
    key: 'slippage',
    header: tr('journal:book.slippage'),
    align: 'right',
    render: (t) => formatPips(t.slippagePips, t.instrument),
    sortValue: (t) => t.slippagePips ?? 0,
    visibleFrom: 'md',
  },
  {
    key: 'mine',
    header: tr('journal:book.myR'),
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
    header: tr('journal:book.deskR'),
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
    header: tr('journal:book.money'),
    align: 'right',
    render: (t) => (t.money === null ? '--' : t.money.toFixed(2)),
    visibleFrom: 'md',
  },
  {
    key: 'closed',
    header: tr('journal:book.closed'),
    render: (t) =>
      t.closedAt ? (
        <Text span inherit className="t0-date">
          {dateTime(t.closedAt)}
        </Text>
      ) : (
        '--'
      ),
    sortValue: (t) => t.closedAt ?? '',
    visibleFrom: 'lg',
  },
];

function downloadCsv(results: Results) {
  saveFile(resultsCsv(results.trades, results.notice), 't0-my-results.csv', 'text/csv');
}

/** MY RESULTS: what I made on the signals I took, beside what the desk made on the same signals. */
export function ResultsPage() {
  const { t } = useJournalT();
  const { dateTime } = useDates();
  useDocumentMeta(t('journal:page.title'), t('journal:page.description'));
  const bookColumns = useMemo(() => columns(t, dateTime), [t, dateTime]);
  const trpc = useTRPC();
  const [account, setAccount] = useState(ALL);
  const accounts = useQuery(trpc.journal.accounts.queryOptions(undefined, { staleTime: 60_000 }));
  const queryClient = useQueryClient();
  const [newAccount, setNewAccount] = useState('');
  const addAccount = useMutation(
    trpc.journal.addAccount.mutationOptions({
      onSuccess: (a) => {
        toast({ title: t('journal:accounts.added', { name: a.name }) });
        setNewAccount('');
        void queryClient.invalidateQueries({ queryKey: trpc.journal.accounts.queryKey() });
      },
      onError: (error) =>
        toast({
          title: t('journal:accounts.notAdded'),
          description: errorMessage(error, t('journal:tryAgain')),
          variant: 'destructive',
        }),
    }),
  );
  const results = useQuery(
    trpc.journal.results.queryOptions(account === ALL ? undefined : { account }, { staleTime: 15_000 }),
  );
  const r = results.data;

  let body;
  if (results.isLoading) body = <LoadingSkeleton variant="cards" count={6} label={t('journal:page.loading')} />;
  else if (results.isError || !r)
    body = (
      <ErrorPanel
        text={errorMessage(results.error, t('journal:page.failed'))}
        onRetry={() => void results.refetch()}
        retrying={results.isRefetching}
      />
    );
  else if (r.trades.length === 0)
    body = (
      <Paper className="t0-surface">
        <EmptyState
          text={t('journal:page.empty')}
          hint={t('journal:page.emptyHint')}
          icon={<IconNotebook size={28} stroke={1.5} />}
        />
      </Paper>
    );
  else {
    const s = r.summary;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="my-figures">
          <StatCard
            label={t('journal:figures.taken')}
            value={s.taken}
            hint={t('journal:figures.takenHint', { closed: s.closed, skipped: s.skipped })}
            tone="info"
          />
          <StatCard
            label={t('journal:figures.myTotal')}
            value={formatR(s.totalR)}
            hint={t('journal:figures.mean', { r: formatR(s.meanR) })}
            tone={rTone(s.totalR)}
            data-figure="totalR"
          />
          <StatCard
            label={t('journal:figures.deskSame')}
            value={formatR(s.deskTotalR)}
            hint={t('journal:figures.deskSameHint')}
            tone={rTone(s.deskTotalR)}
            data-figure="deskTotalR"
          />
          <StatCard
            label={t('journal:figures.winRate')}
            value={formatPercent(s.winRate)}
            hint={t('journal:figures.winRateHint')}
          />
          <StatCard
            label={t('journal:figures.slippage')}
            value={s.medianSlippagePips === null ? '--' : `${s.medianSlippagePips}`}
            hint={t('journal:figures.slippageHint')}
          />
          <StatCard
            label={t('journal:figures.every')}
            value={r.everySignal ? formatR(r.everySignal.r) : '--'}
            hint={
              r.everySignal
                ? t('journal:figures.everyHint', {
                    signals: r.everySignal.signals,
                    risk: r.everySignal.riskPercent,
                    percent: `${r.everySignal.accountPercent > 0 ? '+' : ''}${r.everySignal.accountPercent}`,
                  })
                : t('journal:figures.everyNone')
            }
            tone={rTone(r.everySignal?.r)}
            data-figure="everySignal"
          />
        </SimpleGrid>
        {(r.curves.mine.length > 0 || r.curves.desk.length > 0) && (
          <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
            <Title order={2} size="h4" lts="0.08em" mb="sm">
              {t('journal:curves.title')}
            </Title>
            <TwoCurves
              testId="results-curves"
              curves={[
                { label: t('journal:curves.mine'), colour: 'var(--t0-accent)', points: r.curves.mine },
                { label: t('journal:curves.desk'), colour: 'var(--t0-info)', dashed: true, points: r.curves.desk },
              ]}
            />
          </Paper>
        )}
        <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface">
          <Title order={2} size="h4" lts="0.08em" mb="sm">
            {t('journal:book.title')}
          </Title>
          <TerminalTable
            columns={bookColumns}
            rows={r.trades}
            rowKey={(t) => `${t.account}:${t.signalId}`}
            rowLabel={(trade) =>
              trade.decision === 'took'
                ? t('journal:book.rowTook', { instrument: trade.instrument })
                : t('journal:book.rowSkipped', { instrument: trade.instrument })
            }
            label={t('journal:book.label')}
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
        label={t('journal:page.navigation')}
        right={
          <Anchor component={Link} to="/performance" fw={700} size="sm">
            {t('journal:page.deskRecord')}
          </Anchor>
        }
      />
      <Container size="xl" px={{ base: 'sm', sm: 'md' }} py="md" component="main">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Title order={1} size="h2" lts="0.1em">
                {t('journal:page.title')}
              </Title>
              <Text size="sm" c="dimmed" maw={720} data-testid="results-notice">
                {/* The server's notice (RESULTS_NOTICE, kept in English in the API and the CSV) in the reader's words. */}
                {t('journal:page.notice')}
              </Text>
            </Stack>
            <Group gap="xs" align="flex-end">
              <Select
                label={t('journal:accounts.account')}
                size="xs"
                w={160}
                allowDeselect={false}
                value={account}
                onChange={(v) => setAccount(v ?? ALL)}
                data={[
                  { value: ALL, label: t('journal:accounts.all') },
                  ...(accounts.data ?? []).map((a) => ({ value: a.name, label: a.name })),
                ]}
              />
              <TextInput
                label={t('journal:accounts.new')}
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
                {t('journal:accounts.add')}
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
