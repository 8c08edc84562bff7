import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatPrice, sortSignalsForTable, truncateMemo, type SignalView } from '@t0/contracts';
import { useDates } from '../../lib/time-zone';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DirectionBadge, directionKind, directionWord } from '../../components/DirectionBadge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { StatusBadge, statusWord } from '../../components/StatusBadge';
import { TerminalTable, type TerminalColumn } from '../../components/TerminalTable';
import { errorMessage } from '../../lib/errors';
import { useFreshSignals } from '../../lib/live/highlight';
import { PnlValue } from '../signals/PnlValue';
import { LockedLevel, LockedStatus, RoomLabel } from './LockedLevels';
import { SignalDialog } from './SignalDialog';
import { useTerminalT } from './words';

type Translate = ReturnType<typeof useTerminalT>['t'];

export interface SignalsTableProps {
  query: {
    data?: SignalView[];
    isLoading: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isRefetching: boolean;
  };
  prices: { isLoading: boolean; error: unknown; data?: Record<string, unknown> };
}

/** A row's status for screen readers: the badge's word in small letters ("active"). */
const rowStatus = (status: string, t: Translate) => statusWord(status, t).toLowerCase();

/** A row's direction for screen readers: the badge's word (LONG); a direction it does not know as stored. */
const rowDirection = (direction: string | null, t: Translate) => {
  const kind = directionKind(direction);
  return kind === 'SIGNAL' ? (direction ?? '').toUpperCase() : directionWord(kind, t);
};

const liveOf = (prices: SignalsTableProps['prices'], instrument: string) => {
  const v = prices.data?.[instrument];
  return typeof v === 'number' ? v : null;
};

/** A level of the signal, or a dash when the server withheld it. */
const level = (s: SignalView, label: string, value: number | null) =>
  s.locked || value === null ? <LockedLevel label={label} /> : formatPrice(s.instrument, value);

const columnsWith = (
  prices: SignalsTableProps['prices'],
  t: Translate,
  dateTime: ReturnType<typeof useDates>['dateTime'],
): TerminalColumn<SignalView>[] => [
  {
    key: 'instrument',
    header: t('terminal:col.symbol'),
    // A locked row's room and time wrap rather than push the status off a phone's screen.
    wrap: true,
    render: (s) =>
      s.locked ? (
        <Stack gap={0}>
          <Text fw={700} size="sm">
            {s.instrument}
          </Text>
          <RoomLabel room={s.room} />
          {/* Below md the CREATED column is hidden: the publication time stays on the row. */}
          <Text size="xs" c="dimmed" className="t0-date" hiddenFrom="md">
            {dateTime(s.createdAt) ?? '--'}
          </Text>
        </Stack>
      ) : (
        <Text fw={700} size="sm">
          {s.instrument}
        </Text>
      ),
    sortValue: (s) => s.instrument,
  },
  {
    key: 'direction',
    header: t('terminal:col.direction'),
    render: (s) => <DirectionBadge direction={s.direction} locked={s.locked} t={t} />,
    sortValue: (s) => (s.direction ?? '').toLowerCase(),
  },
  {
    key: 'entry',
    header: t('terminal:col.entry'),
    align: 'right',
    render: (s) => level(s, t('terminal:level.entry'), s.entryPrice),
    sortValue: (s) => s.entryPrice ?? -1,
  },
  { key: 't0', header: 'T0', align: 'right', visibleFrom: 'sm', render: (s) => level(s, 'T0', s.t0Price) },
  { key: 't1', header: 'T1', align: 'right', visibleFrom: 'md', render: (s) => level(s, 'T1', s.t1Price) },
  {
    key: 'sl',
    header: t('terminal:col.stop'),
    align: 'right',
    visibleFrom: 'md',
    render: (s) => level(s, t('terminal:level.stop'), s.slPrice),
  },
  {
    key: 'status',
    header: t('terminal:col.status'),
    wrap: true,
    render: (s) => (s.locked ? <LockedStatus signal={s} /> : <StatusBadge status={s.status} t={t} />),
    sortValue: (s) => s.status,
  },
  {
    key: 'memo',
    header: t('terminal:col.memo'),
    visibleFrom: 'lg',
    render: (s) =>
      s.locked ? (
        <Text size="sm" c="dimmed">
          {t('terminal:table.memoLocked')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" title={s.memo}>
          {truncateMemo(s.memo) || '—'}
        </Text>
      ),
  },
  {
    key: 'pnl',
    header: t('terminal:col.pnl'),
    align: 'right',
    visibleFrom: 'sm',
    render: (s) =>
      s.locked ? (
        <LockedLevel label={t('terminal:col.pnl')} />
      ) : (
        <PnlValue signal={s} livePrice={liveOf(prices, s.instrument)} />
      ),
    sortValue: (s) => s.result?.r ?? Number.NEGATIVE_INFINITY,
  },
  {
    key: 'created',
    header: t('terminal:col.created'),
    visibleFrom: 'md',
    render: (s) => <span className="t0-date">{dateTime(s.createdAt) ?? '--'}</span>,
    sortValue: (s) => new Date(s.createdAt).getTime(),
  },
];

/** The signals terminal: active and limit first, then newest; a row opens the detail dialog. */
export function SignalsTable({ query, prices }: SignalsTableProps) {
  // `?signal=12` (a notification's I TOOK IT when it could not record) opens that signal's dialog.
  const [openId, setOpenId] = useState<number | null>(() =>
    typeof window === 'undefined' ? null : Number(new URLSearchParams(window.location.search).get('signal')) || null,
  );
  const { t } = useTerminalT();
  const { dateTime } = useDates();
  const rows = useMemo(() => sortSignalsForTable(query.data ?? []), [query.data]);
  const columns = useMemo(() => columnsWith(prices, t, dateTime), [prices, t, dateTime]);
  const open = rows.find((s) => s.id === openId) ?? null;
  const fresh = useFreshSignals();

  let body;
  if (query.isLoading) body = <LoadingSkeleton variant="rows" count={5} label={t('terminal:table.loading')} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorPanel
        title={t('terminal:error')}
        text={errorMessage(query.error, t('terminal:table.failed'))}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  else if (rows.length === 0)
    body = <EmptyState text={t('terminal:table.empty')} icon={<IconChartLine size={28} stroke={1.5} />} />;
  else
    body = (
      <TerminalTable
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        onRowActivate={(s) => setOpenId(s.id)}
        rowLabel={(s) =>
          s.locked
            ? t('terminal:table.rowLocked', { instrument: s.instrument, status: rowStatus(s.status, t) })
            : t('terminal:table.row', {
                instrument: s.instrument,
                direction: rowDirection(s.direction, t),
                status: rowStatus(s.status, t),
              })
        }
        minWidth={0}
        testId="signals-table"
        isHighlighted={(s) => fresh.has(s.id)}
      />
    );

  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="signals-title">
      <Title order={2} id="signals-title" size="h4" lts="0.08em" mb="sm">
        {t('terminal:table.title')}
      </Title>
      {body}
      <SignalDialog signal={open} onClose={() => setOpenId(null)} prices={prices} />
    </Paper>
  );
}
