import { Paper, Text, Title } from '@mantine/core';
import { formatDateTime, formatPrice, PNL_MASK, sortSignalsForTable, truncateMemo, type Signal } from '@t0/contracts';
import { IconChartLine } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DirectionBadge } from '../../components/DirectionBadge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { StatusBadge } from '../../components/StatusBadge';
import { TerminalTable, type TerminalColumn } from '../../components/TerminalTable';
import { errorMessage } from '../../lib/errors';
import { SignalDialog } from './SignalDialog';

export interface SignalsTableProps {
  query: { data?: Signal[]; isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown; isRefetching: boolean };
  prices: { isLoading: boolean; error: unknown; data?: Record<string, unknown> };
}

const columns: TerminalColumn<Signal>[] = [
  { key: 'instrument', header: 'SYMBOL', render: (s) => <Text fw={700} size="sm">{s.instrument}</Text>, sortValue: (s) => s.instrument },
  { key: 'direction', header: 'DIRECTION', render: (s) => <DirectionBadge direction={s.direction} />, sortValue: (s) => s.direction.toLowerCase() },
  { key: 'entry', header: 'ENTRY', align: 'right', render: (s) => formatPrice(s.instrument, s.entryPrice), sortValue: (s) => s.entryPrice },
  { key: 't0', header: 'T0', align: 'right', visibleFrom: 'sm', render: (s) => formatPrice(s.instrument, s.t0Price) },
  { key: 't1', header: 'T1', align: 'right', visibleFrom: 'md', render: (s) => formatPrice(s.instrument, s.t1Price) },
  { key: 'sl', header: 'STOP', align: 'right', visibleFrom: 'md', render: (s) => formatPrice(s.instrument, s.slPrice) },
  { key: 'status', header: 'STATUS', render: (s) => <StatusBadge status={s.status} />, sortValue: (s) => s.status },
  { key: 'memo', header: 'MEMO', visibleFrom: 'lg', render: (s) => <Text size="sm" c="dimmed" title={s.memo}>{truncateMemo(s.memo) || '—'}</Text> },
  { key: 'pnl', header: 'P&L', align: 'right', visibleFrom: 'sm', render: () => <span aria-label="hidden">{PNL_MASK}</span> },
  {
    key: 'created',
    header: 'CREATED',
    visibleFrom: 'md',
    render: (s) => formatDateTime(s.createdAt) ?? '--',
    sortValue: (s) => new Date(s.createdAt).getTime(),
  },
];

/** The signals terminal: active and limit first, then newest; a row opens the detail dialog. */
export function SignalsTable({ query, prices }: SignalsTableProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = useMemo(() => sortSignalsForTable(query.data ?? []), [query.data]);
  const open = rows.find((s) => s.id === openId) ?? null;

  let body;
  if (query.isLoading) body = <LoadingSkeleton variant="rows" count={5} label="Loading signals" />;
  else if (query.isError && !query.data)
    body = <ErrorPanel text={errorMessage(query.error, 'Failed to load signals')} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  else if (rows.length === 0) body = <EmptyState text="No active signals found" icon={<IconChartLine size={28} stroke={1.5} />} />;
  else
    body = (
      <TerminalTable
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        onRowActivate={(s) => setOpenId(s.id)}
        rowLabel={(s) => `${s.instrument} ${s.direction.toUpperCase()} signal, ${s.status}. Open details`}
        minWidth={0}
        testId="signals-table"
      />
    );

  return (
    <Paper p={{ base: 'sm', sm: 'md' }} bg="var(--t0-surface-1)" component="section" aria-labelledby="signals-title">
      <Title order={2} id="signals-title" size="h4" lts="0.08em" mb="sm">
        SIGNALS TERMINAL
      </Title>
      {body}
      <SignalDialog signal={open} onClose={() => setOpenId(null)} prices={prices} />
    </Paper>
  );
}
