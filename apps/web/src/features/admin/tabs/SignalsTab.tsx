import { useLivePoll } from '../../../lib/live/store';
import { ActionIcon, Group, Paper, Select, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  formatPrice,
  formatSignalPrices,
  levelIssues,
  isUnlockedSignal,
  MONTHLY_BIASES,
  normalizeDirection,
  POLL,
  SIGNAL_DIRECTIONS,
  SIGNAL_EDIT_STATUSES,
  SIGNAL_PRICE_STEP,
  signalUpdateInput,
  sortSignalsForTable,
  type MonthlyBias,
  type Signal,
  type SignalDirection,
  type SignalUpdateInput,
  type SignalStatus,
} from '@t0/contracts';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DirectionBadge } from '../../../components/DirectionBadge';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { StatusBadge } from '../../../components/StatusBadge';
import { useTRPC } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { useAdminFeedback } from '../feedback';
import { PnlValue } from '../../signals/PnlValue';
import { SignalActionButtons, useSignalActions } from '../signals/SignalActions';
import { ScrollTable } from '../ScrollTable';
import { AlertSourcesSection } from '../drafts/AlertSourcesSection';
import { DraftsSection } from '../drafts/DraftsSection';

interface Draft {
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

const draftOf = (s: Signal): Draft => ({
  direction: s.direction.toLowerCase() === 'short' ? 'short' : 'long',
  entryPrice: String(s.entryPrice),
  slPrice: String(s.slPrice),
  t0Price: String(s.t0Price),
  t1Price: String(s.t1Price),
  confidence: String(s.confidence),
  monthlyBias: s.monthlyBias,
  status: s.status,
  memo: s.memo,
  createdAt: toDateTimeLocal(s.createdAt),
});

const PRICE_COLUMNS = [
  ['entryPrice', 'ENTRY'],
  ['slPrice', 'SL'],
  ['t0Price', 'T0'],
  ['t1Price', 'T1'],
] as const;

/**
 * The drafts TradingView alerts made (publish or discard), then every signal with inline editing of open ones (creation date included) and the lifecycle actions:
 * close at a price, cancel a limit, withdraw, and delete only in the first 2 minutes (spec 3 §2,
 * issue 13), then the TradingView sources. Every action is confirmed first.
 */
export function SignalsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  const list = useQuery(trpc.signals.list.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.signalsMs) }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.signals.pathFilter());
    void queryClient.invalidateQueries(trpc.notifications.pathFilter());
  };

  const update = useMutation(
    trpc.signals.update.mutationOptions({
      onSuccess: () => {
        feedback.ok('SIGNAL UPDATED');
        setEditingId(null);
        setDraft(null);
        refresh();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error),
    }),
  );
  const actions = useSignalActions(refresh);

  const startEdit = (s: Signal) => {
    setEditingId(s.id);
    setDraft(draftOf(s));
  };
  const cancelEdit = () => {
    setEditingId(null);
    setDraft(null);
  };

  const save = (s: Signal) => {
    if (!draft) return;
    const prices = formatSignalPrices(s.instrument, {
      entryPrice: draft.entryPrice,
      slPrice: draft.slPrice,
      t0Price: draft.t0Price,
      t1Price: draft.t1Price,
    });
    const createdAt = draft.createdAt !== toDateTimeLocal(s.createdAt) ? fromDateTimeLocal(draft.createdAt) : undefined;
    // Only what really changes is sent (and recorded in the signal's timeline).
    const input: SignalUpdateInput = { id: s.id };
    const direction = draft.direction as SignalDirection;
    if (direction !== normalizeDirection(s.direction)) input.direction = direction;
    for (const [field] of PRICE_COLUMNS) if (Number(prices[field]) !== s[field]) input[field] = prices[field];
    if (Number(draft.confidence) !== s.confidence) input.confidence = draft.confidence;
    if (draft.monthlyBias !== s.monthlyBias) input.monthlyBias = draft.monthlyBias as MonthlyBias;
    if (draft.status !== s.status) input.status = draft.status as SignalStatus;
    if (draft.memo !== s.memo) input.memo = draft.memo;
    if (createdAt) input.createdAt = createdAt;
    // The same rules and messages as the server, before anything is sent: each field, then the
    // levels merged with the stored ones when one of them (or the direction) changes.
    const checked = signalUpdateInput.safeParse(input);
    const levelsChange = input.direction !== undefined || PRICE_COLUMNS.some(([field]) => input[field] !== undefined);
    const issue = !checked.success
      ? (checked.error.issues[0]?.message ?? 'Invalid signal')
      : levelsChange
        ? levelIssues({ direction, ...Object.fromEntries(PRICE_COLUMNS.map(([f]) => [f, Number(prices[f])])) })[0]?.message
        : undefined;
    if (issue) {
      toast({ title: 'UPDATE FAILED', description: issue, variant: 'destructive' });
      return;
    }
    if (Object.keys(input).length === 1) {
      cancelEdit();
      return;
    }
    update.mutate(input);
  };

  const set = (field: keyof Draft) => (value: string | null) => setDraft((d) => (d ? { ...d, [field]: value ?? '' } : d));

  // Administrators see every level: no signal of theirs is locked.
  const rows = sortSignalsForTable((list.data ?? []).filter(isUnlockedSignal));

  return (
    <Stack gap="md">
      <DraftsSection />
      <Group justify="space-between">
        <Title order={2} fz="h4">
          SIGNALS ({list.data?.length ?? 0})
        </Title>
      </Group>
      {list.isLoading && <LoadingSkeleton label="Loading signals" count={5} />}
      {list.isError && <ErrorPanel text="Failed to load signals." onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {list.data && rows.length === 0 && (
        <Paper className="t0-surface">
          <EmptyState text="NO SIGNALS YET" hint="Generate one on the create tab." />
        </Paper>
      )}
      {rows.length > 0 && (
        <Paper className="t0-surface" p={0}>
          <ScrollTable label="Signals" minWidth={1100}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="signals-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>INSTRUMENT</Table.Th>
                  <Table.Th>DIRECTION</Table.Th>
                  {PRICE_COLUMNS.map(([, label]) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                  <Table.Th>CONF.</Table.Th>
                  <Table.Th>BIAS</Table.Th>
                  <Table.Th>STATUS</Table.Th>
                  <Table.Th>MEMO</Table.Th>
                  <Table.Th>P&amp;L</Table.Th>
                  <Table.Th>CREATED</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>ACTIONS</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) =>
                  editingId === s.id && draft ? (
                    <Table.Tr key={s.id} data-testid="signal-row-editing">
                      <Table.Td fw={700}>{s.instrument}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label="Direction"
                          size="xs"
                          w={90}
                          data={SIGNAL_DIRECTIONS.map((d) => ({ value: d, label: d.toUpperCase() }))}
                          value={draft.direction}
                          onChange={set('direction')}
                          allowDeselect={false}
                        />
                      </Table.Td>
                      {PRICE_COLUMNS.map(([field, label]) => (
                        <Table.Td key={field}>
                          <TextInput
                            aria-label={`${label} price`}
                            size="xs"
                            w={100}
                            type="number"
                            step={SIGNAL_PRICE_STEP}
                            value={draft[field]}
                            onChange={(e) => set(field)(e.currentTarget.value)}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <TextInput
                          aria-label="Confidence"
                          size="xs"
                          w={64}
                          type="number"
                          min={1}
                          max={100}
                          value={draft.confidence}
                          onChange={(e) => set('confidence')(e.currentTarget.value)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label="Monthly bias"
                          size="xs"
                          w={150}
                          data={[...MONTHLY_BIASES]}
                          value={draft.monthlyBias}
                          onChange={set('monthlyBias')}
                          allowDeselect={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label="Status"
                          size="xs"
                          w={100}
                          data={SIGNAL_EDIT_STATUSES.map((st) => ({ value: st, label: st.toUpperCase() }))}
                          value={draft.status}
                          onChange={set('status')}
                          allowDeselect={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label="Memo" size="xs" w={140} value={draft.memo} onChange={(e) => set('memo')(e.currentTarget.value)} />
                      </Table.Td>
                      <Table.Td />
                      <Table.Td>
                        <TextInput
                          aria-label="Created at"
                          size="xs"
                          w={180}
                          type="datetime-local"
                          value={draft.createdAt}
                          onChange={(e) => set('createdAt')(e.currentTarget.value)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="Save">
                            <ActionIcon color="terminal" aria-label="Save signal" onClick={() => save(s)} loading={update.isPending}>
                              <IconCheck size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Cancel">
                            <ActionIcon variant="default" aria-label="Cancel editing" onClick={cancelEdit} disabled={update.isPending}>
                              <IconX size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    <Table.Tr key={s.id} data-testid="signal-row">
                      <Table.Td fw={700}>{s.instrument}</Table.Td>
                      <Table.Td>
                        <DirectionBadge direction={s.direction} />
                      </Table.Td>
                      {PRICE_COLUMNS.map(([field]) => (
                        <Table.Td key={field} className="t0-num">
                          {formatPrice(s.instrument, s[field])}
                        </Table.Td>
                      ))}
                      <Table.Td className="t0-num">{s.confidence}%</Table.Td>
                      <Table.Td>{s.monthlyBias}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={s.status} />
                      </Table.Td>
                      <Table.Td maw={160}>
                        <Text size="sm" truncate="end" title={s.memo}>
                          {s.memo || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <PnlValue signal={s} livePrice={null} size="xs" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{formatDateTime(s.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <SignalActionButtons
                          signal={s}
                          onEdit={() => startEdit(s)}
                          onAction={(a) => actions.request(a, s)}
                          editDisabled={editingId !== null}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      )}
      {actions.dialogs}
      <AlertSourcesSection />
    </Stack>
  );
}
