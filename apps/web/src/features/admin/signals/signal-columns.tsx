import { ActionIcon, Box, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  formatPercent,
  formatPrice,
  MIN_TAKERS,
  MONTHLY_BIASES,
  SIGNAL_DIRECTIONS,
  SIGNAL_EDIT_STATUSES,
  SIGNAL_PRICE_STEP,
  type TakerFigures,
  type UnlockedSignalView as Signal,
} from '@t0/contracts';
import type { ReactNode } from 'react';
import { DirectionBadge } from '../../../components/DirectionBadge';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/time-zone';
import { PnlValue } from '../../signals/PnlValue';
import type { ConsoleColumn } from '../ConsoleTable';
import { SignalActionButtons } from './SignalActions';
import type { SignalAction } from './signal-actions';

/** The fields of a signal being edited in its row, as typed. */
export interface SignalDraft {
  direction: string;
  entryPrice: string;
  slPrice: string;
  t0Price: string;
  t1Price: string;
  confidence: string;
  monthlyBias: string;
  status: string;
  memo: string;
  createdAt: string;
}

export const PRICE_COLUMNS = [
  ['entryPrice', 'ENTRY'],
  ['slPrice', 'SL'],
  ['t0Price', 'T0'],
  ['t1Price', 'T1'],
] as const;

/** What the signals table's cells need from the tab: the row being edited, its draft, and the actions. */
export interface SignalColumnsContext {
  /** The draft of the signal being edited, or null. */
  editing: { id: number; draft: SignalDraft } | null;
  set: (field: keyof SignalDraft) => (value: string | null) => void;
  save: (signal: Signal) => void;
  cancel: () => void;
  saving: boolean;
  startEdit: (signal: Signal) => void;
  request: (action: Exclude<SignalAction, 'edit'>, signal: Signal) => void;
  /** Subscribers who marked each signal taken (absent: not shown, as to an analyst). */
  takers?: ReadonlyMap<number, TakerFigures>;
}

/** TAKEN: how many subscribers said they took it; from five, their median slippage and share in profit (self-reported). */
function TakersCell({ figures }: { figures: TakerFigures | undefined }) {
  if (!figures || figures.takers === 0)
    return (
      <Text span size="xs" c="dimmed">
        0
      </Text>
    );
  const detail =
    figures.medianSlippagePips === null
      ? `Figures from ${MIN_TAKERS} takers up`
      : `median slippage ${figures.medianSlippagePips} · ${formatPercent(figures.profitShare)} of ${figures.closed} closed in profit`;
  return (
    <Tooltip label={`${detail} (self-reported, not published)`}>
      <Text span size="xs" className="t0-num" data-testid="signal-takers">
        {figures.takers}
        {figures.medianSlippagePips !== null && ` · ${formatPercent(figures.profitShare)}`}
      </Text>
    </Tooltip>
  );
}

/**
 * The console's signals table: one column per field; the row being edited draws its fields as
 * inputs (direction, levels, confidence, bias, status, memo, creation date) with save and cancel.
 */
export function signalColumns(ctx: SignalColumnsContext): ConsoleColumn<Signal>[] {
  const draftOf = (s: Signal) => (ctx.editing?.id === s.id ? ctx.editing.draft : null);
  const cell = (view: (s: Signal) => ReactNode, edit: (s: Signal, d: SignalDraft) => ReactNode) => (s: Signal) => {
    const d = draftOf(s);
    return d ? edit(s, d) : view(s);
  };

  return [
    {
      key: 'instrument',
      header: 'INSTRUMENT',
      render: (s) => (
        <Text span size="sm" fw={700}>
          {s.instrument}
        </Text>
      ),
    },
    {
      key: 'direction',
      header: 'DIRECTION',
      render: cell(
        (s) => <DirectionBadge direction={s.direction} />,
        (_, d) => (
          <Select
            aria-label="Direction"
            size="xs"
            w={90}
            data={SIGNAL_DIRECTIONS.map((dir) => ({ value: dir, label: dir.toUpperCase() }))}
            value={d.direction}
            onChange={ctx.set('direction')}
            allowDeselect={false}
          />
        ),
      ),
    },
    ...PRICE_COLUMNS.map(([field, label]): ConsoleColumn<Signal> => ({
      key: field,
      header: label,
      render: cell(
        (s) => formatPrice(s.instrument, s[field]),
        (_, d) => (
          <TextInput
            aria-label={`${label} price`}
            size="xs"
            w={100}
            type="number"
            step={SIGNAL_PRICE_STEP}
            value={d[field]}
            onChange={(e) => ctx.set(field)(e.currentTarget.value)}
          />
        ),
      ),
    })),
    {
      key: 'confidence',
      header: 'CONF.',
      render: cell(
        (s) => `${s.confidence}%`,
        (_, d) => (
          <TextInput
            aria-label="Confidence"
            size="xs"
            w={64}
            type="number"
            min={1}
            max={100}
            value={d.confidence}
            onChange={(e) => ctx.set('confidence')(e.currentTarget.value)}
          />
        ),
      ),
    },
    {
      key: 'bias',
      header: 'BIAS',
      render: cell(
        (s) => s.monthlyBias,
        (_, d) => (
          <Select
            aria-label="Monthly bias"
            size="xs"
            w={150}
            data={[...MONTHLY_BIASES]}
            value={d.monthlyBias}
            onChange={ctx.set('monthlyBias')}
            allowDeselect={false}
          />
        ),
      ),
    },
    {
      key: 'status',
      header: 'STATUS',
      render: cell(
        // At its full width: a badge squeezed by the table's layout would cut its word short.
        (s) => (
          <Box w="max-content">
            <StatusBadge status={s.status} />
          </Box>
        ),
        (_, d) => (
          <Select
            aria-label="Status"
            size="xs"
            w={100}
            data={SIGNAL_EDIT_STATUSES.map((st) => ({ value: st, label: st.toUpperCase() }))}
            value={d.status}
            onChange={ctx.set('status')}
            allowDeselect={false}
          />
        ),
      ),
    },
    {
      key: 'memo',
      header: 'MEMO',
      render: cell(
        (s) => (
          <Text size="sm" truncate="end" maw={120} title={s.memo}>
            {s.memo || '—'}
          </Text>
        ),
        (_, d) => (
          <TextInput
            aria-label="Memo"
            size="xs"
            w={140}
            value={d.memo}
            onChange={(e) => ctx.set('memo')(e.currentTarget.value)}
          />
        ),
      ),
    },
    {
      key: 'pnl',
      header: 'P&L',
      render: cell(
        (s) => <PnlValue signal={s} livePrice={null} size="xs" />,
        () => null,
      ),
    },
    ...(ctx.takers
      ? [
          {
            key: 'takers',
            header: 'TAKEN',
            render: (s: Signal) => <TakersCell figures={ctx.takers!.get(s.id)} />,
          },
        ]
      : []),
    {
      key: 'created',
      header: 'CREATED',
      wrap: true,
      render: cell(
        // Two lines (date, then time) when the table is short of room, never more.
        (s) => (
          <Text size="xs" miw={100}>
            {formatDateTime(s.createdAt)}
          </Text>
        ),
        (_, d) => (
          <TextInput
            aria-label="Created at"
            size="xs"
            w={180}
            type="datetime-local"
            value={d.createdAt}
            onChange={(e) => ctx.set('createdAt')(e.currentTarget.value)}
          />
        ),
      ),
    },
    {
      key: 'actions',
      header: 'ACTIONS',
      hideHeader: true,
      // Always in reach at the right edge, however wide the table is on the screen.
      stickyRight: true,
      render: cell(
        (s) => (
          <SignalActionButtons
            signal={s}
            onEdit={() => ctx.startEdit(s)}
            onAction={(a) => ctx.request(a, s)}
            editDisabled={ctx.editing !== null}
          />
        ),
        (s) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Save">
              <ActionIcon color="terminal" aria-label="Save signal" onClick={() => ctx.save(s)} loading={ctx.saving}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Cancel">
              <ActionIcon variant="default" aria-label="Cancel editing" onClick={ctx.cancel} disabled={ctx.saving}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      ),
    },
  ];
}
