import { useLivePoll } from '../../../lib/live/store';
import { Group, Paper, Stack, Title } from '@mantine/core';
import {
  formatSignalPrices,
  levelIssues,
  isUnlockedSignal,
  normalizeDirection,
  POLL,
  signalUpdateInput,
  sortSignalsForTable,
  type MonthlyBias,
  type Signal,
  type SignalDirection,
  type SignalUpdateInput,
  type SignalStatus,
} from '@t0/contracts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { useAdminFeedback } from '../feedback';
import { useSignalActions } from '../signals/SignalActions';
import { PRICE_COLUMNS, signalColumns, type SignalDraft as Draft } from '../signals/signal-columns';
import { ConsoleTable } from '../ConsoleTable';
import { AlertSourcesSection } from '../signal-drafts/AlertSourcesSection';
import { DraftsSection } from '../signal-drafts/DraftsSection';
import { deskOwnsSignal, useDesk } from '../desk';

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

/**
 * The drafts TradingView alerts made (publish or discard), then every signal with inline editing of open ones (creation date included) and the lifecycle actions:
 * close at a price, cancel a limit, withdraw, and delete only in the first 2 minutes, then the
 * TradingView sources. Every action is confirmed first.
 */
export function SignalsTab() {
  const trpc = useTRPC();
  const desk = useDesk();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  const list = useQuery(trpc.signals.list.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.signalsMs) }));
  const { user } = useAuth();
  const takers = useQuery(
    trpc.journal.signalTakers.queryOptions(undefined, { enabled: user?.isAdmin === true, staleTime: 60_000 }),
  );
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
        ? levelIssues({ direction, ...Object.fromEntries(PRICE_COLUMNS.map(([f]) => [f, Number(prices[f])])) })[0]
            ?.message
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

  const set = (field: keyof Draft) => (value: string | null) =>
    setDraft((d) => (d ? { ...d, [field]: value ?? '' } : d));

  // Administrators see every level: no signal of theirs is locked. An analyst manages their own signals only.
  const mine = list.data?.filter(isUnlockedSignal).filter((s) => deskOwnsSignal(desk, s.author));
  const rows = mine ? sortSignalsForTable(mine) : undefined;
  const columns = signalColumns({
    editing: editingId !== null && draft ? { id: editingId, draft } : null,
    set,
    save,
    cancel: cancelEdit,
    saving: update.isPending,
    startEdit,
    request: actions.request,
    takers: takers.data ? new Map(takers.data.map((x) => [x.signalId, x])) : undefined,
  });

  return (
    <Stack gap="md">
      <DraftsSection />
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {desk.kind === 'analyst' ? 'YOUR SIGNALS' : 'SIGNALS'} ({mine?.length ?? 0})
        </Title>
      </Group>
      <Paper className="t0-surface" p={0}>
        <ConsoleTable
          label="Signals"
          testId="signals-table"
          columns={columns}
          rows={rows}
          rowKey={(s) => s.id}
          rowAttributes={(s) => ({ 'data-testid': editingId === s.id && draft ? 'signal-row-editing' : 'signal-row' })}
          minWidth={1100}
          loading={list.isLoading}
          loadingRows={5}
          error={
            list.isError
              ? { text: 'Failed to load signals.', onRetry: () => void list.refetch(), retrying: list.isFetching }
              : null
          }
          empty={{ text: 'NO SIGNALS YET', hint: 'Generate one on the create tab.' }}
        />
      </Paper>
      {actions.dialogs}
      <AlertSourcesSection />
    </Stack>
  );
}
