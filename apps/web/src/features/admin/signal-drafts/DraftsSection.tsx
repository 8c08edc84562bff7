import { Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  formatPrice,
  levelIssues,
  MONTHLY_BIASES,
  POLL,
  SIGNAL_PRICE_STEP,
  signalDraftUpdateInput,
  type SignalDraft,
  type SignalDraftUpdateInput,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DirectionBadge } from '../../../components/DirectionBadge';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { TerminalTable, type TerminalColumn } from '../../../components/TerminalTable';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';

const LEVELS = [
  ['entryPrice', 'ENTRY'],
  ['slPrice', 'SL'],
  ['t0Price', 'T0'],
  ['t1Price', 'T1'],
] as const;

type Edit = {
  direction: string;
  orderType: string;
  entryPrice: string;
  slPrice: string;
  t0Price: string;
  t1Price: string;
  t0Share: string;
  monthlyBias: string;
  memo: string;
};
const editOf = (d: SignalDraft): Edit => ({
  direction: d.direction,
  orderType: d.orderType,
  entryPrice: String(d.entryPrice),
  slPrice: String(d.slPrice),
  t0Price: String(d.t0Price),
  t1Price: String(d.t1Price),
  t0Share: String(d.t0Share),
  monthlyBias: d.monthlyBias,
  memo: d.memo,
});

const orderLabel = (d: Pick<SignalDraft, 'orderType'>) =>
  d.orderType === 'market' ? 'MARKET' : d.orderType.toUpperCase();

/**
 * DRAFTS: signals drawn up by TradingView alerts, never published on their own. The desk reviews
 * each, edits it, publishes it (the server applies the level rules and the market check of any new
 * signal) or discards it.
 */
export function DraftsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [editing, setEditing] = useState<SignalDraft | null>(null);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [confirm, setConfirm] = useState<{ draft: SignalDraft; action: 'publish' | 'discard' } | null>(null);

  const list = useQuery(trpc.signalDrafts.list.queryOptions(undefined, { refetchInterval: POLL.signalDraftsMs }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.signalDrafts.pathFilter());
    void queryClient.invalidateQueries(trpc.alertSources.pathFilter());
    void queryClient.invalidateQueries(trpc.signals.pathFilter());
  };

  const update = useMutation(
    trpc.signalDrafts.update.mutationOptions({
      onSuccess: () => {
        feedback.ok('DRAFT UPDATED');
        setEditing(null);
        refresh();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error),
    }),
  );
  const publish = useMutation(
    trpc.signalDrafts.publish.mutationOptions({
      onSuccess: (s) => {
        feedback.ok('SIGNAL PUBLISHED', `${s.instrument} ${s.direction.toUpperCase()} is live for subscribers.`);
        setConfirm(null);
        refresh();
      },
      onError: (error) => {
        setConfirm(null);
        feedback.fail('PUBLISH REFUSED', error);
      },
    }),
  );
  const discard = useMutation(
    trpc.signalDrafts.discard.mutationOptions({
      onSuccess: () => {
        feedback.ok('DRAFT DISCARDED');
        setConfirm(null);
        refresh();
      },
      onError: (error) => feedback.fail('DISCARD FAILED', error),
    }),
  );

  const startEdit = (d: SignalDraft) => {
    setEditing(d);
    setEdit(editOf(d));
  };
  const save = () => {
    if (!editing || !edit) return;
    const input: SignalDraftUpdateInput = {
      id: editing.id,
      ...edit,
      direction: edit.direction as 'long' | 'short',
      orderType: edit.orderType as SignalDraft['orderType'],
      monthlyBias: edit.monthlyBias as (typeof MONTHLY_BIASES)[number],
    };
    // The same rules and messages as the server before anything is sent.
    const checked = signalDraftUpdateInput.safeParse(input);
    const issue = !checked.success
      ? checked.error.issues[0]?.message
      : levelIssues({
          direction: edit.direction,
          entryPrice: Number(edit.entryPrice),
          slPrice: Number(edit.slPrice),
          t0Price: Number(edit.t0Price),
          t1Price: Number(edit.t1Price),
        })[0]?.message;
    if (issue) {
      feedback.fail('UPDATE FAILED', new Error(issue));
      return;
    }
    update.mutate(input);
  };

  const drafts = list.data ?? [];
  const columns: TerminalColumn<SignalDraft>[] = [
    {
      key: 'instrument',
      header: 'INSTRUMENT',
      render: (d) => (
        <Stack gap={0}>
          <Text fw={700} size="sm">
            {d.instrument}
          </Text>
          <Text size="xs" c="dimmed" data-testid="draft-order">
            {orderLabel(d)}
          </Text>
        </Stack>
      ),
    },
    { key: 'side', header: 'SIDE', render: (d) => <DirectionBadge direction={d.direction} /> },
    ...LEVELS.map(([field, header]) => ({
      key: field,
      header,
      align: 'right' as const,
      visibleFrom: 'sm' as const,
      render: (d: SignalDraft) => <span className="t0-num">{formatPrice(d.instrument, d[field])}</span>,
    })),
    {
      key: 'source',
      header: 'SOURCE',
      visibleFrom: 'md',
      render: (d) => (
        <Text size="xs">
          {d.sourceName ?? '—'}
          {d.received > 1 ? ` ×${d.received}` : ''}
        </Text>
      ),
    },
    {
      key: 'memo',
      header: 'MEMO',
      visibleFrom: 'lg',
      render: (d) => (
        <Text size="xs" maw={180} truncate="end" title={d.memo}>
          {d.memo || '—'}
        </Text>
      ),
    },
    {
      key: 'at',
      header: 'RECEIVED',
      visibleFrom: 'md',
      render: (d) => <Text size="xs">{formatDateTime(d.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: 'ACTIONS',
      render: (d) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="default" onClick={() => startEdit(d)} aria-label={`Edit draft ${d.id}`}>
            EDIT
          </Button>
          <Button
            size="compact-xs"
            color="terminal"
            onClick={() => setConfirm({ draft: d, action: 'publish' })}
            aria-label={`Publish draft ${d.id}`}
          >
            PUBLISH
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => setConfirm({ draft: d, action: 'discard' })}
            aria-label={`Discard draft ${d.id}`}
          >
            DISCARD
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="drafts-section">
      <Title order={2} fz="h4">
        DRAFTS ({drafts.length})
      </Title>
      <Text size="xs" c="dimmed">
        Signals drawn up by TradingView alerts. Nothing here reaches subscribers until you publish it; publishing
        applies the same level rules and market check as a new signal.
      </Text>
      {list.isLoading && <LoadingSkeleton label="Loading drafts" count={2} />}
      {list.isError && (
        <ErrorPanel text="Failed to load drafts." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      )}
      {list.data && drafts.length === 0 && (
        <Paper className="t0-surface">
          <EmptyState text="NO DRAFTS" hint="Alerts from your TradingView sources appear here for review." />
        </Paper>
      )}
      {drafts.length > 0 && (
        <Paper className="t0-surface" p={0}>
          <TerminalTable
            columns={columns}
            rows={drafts}
            rowKey={(d) => d.id}
            rowLabel={(d) => `Draft ${d.id}: ${d.instrument}`}
            minWidth={340}
            testId="drafts-table"
          />
        </Paper>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `EDIT DRAFT #${editing.id} · ${editing.instrument}` : ''}
        size="md"
      >
        {edit && editing && (
          <Stack gap="xs">
            <Group grow>
              <NativeSelect
                label="Direction"
                data={[
                  { value: 'long', label: 'LONG' },
                  { value: 'short', label: 'SHORT' },
                ]}
                value={edit.direction}
                onChange={(e) => setEdit({ ...edit, direction: e.currentTarget.value })}
              />
              <NativeSelect
                label="Order"
                data={[
                  { value: 'market', label: 'MARKET' },
                  { value: 'limit', label: 'LIMIT' },
                  { value: 'stop', label: 'STOP' },
                ]}
                value={edit.orderType}
                onChange={(e) => setEdit({ ...edit, orderType: e.currentTarget.value })}
              />
            </Group>
            <Group grow>
              {LEVELS.map(([field, label]) => (
                <TextInput
                  key={field}
                  label={label}
                  type="number"
                  step={SIGNAL_PRICE_STEP}
                  value={edit[field]}
                  onChange={(e) => setEdit({ ...edit, [field]: e.currentTarget.value })}
                />
              ))}
            </Group>
            <Group grow>
              <TextInput
                label="T0 share %"
                type="number"
                min={0}
                max={100}
                value={edit.t0Share}
                onChange={(e) => setEdit({ ...edit, t0Share: e.currentTarget.value })}
              />
              <NativeSelect
                label="Monthly bias"
                data={[...MONTHLY_BIASES]}
                value={edit.monthlyBias}
                onChange={(e) => setEdit({ ...edit, monthlyBias: e.currentTarget.value })}
              />
            </Group>
            <Textarea
              label="Memo"
              autosize
              minRows={2}
              value={edit.memo}
              onChange={(e) => setEdit({ ...edit, memo: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)} disabled={update.isPending}>
                CANCEL
              </Button>
              <Button color="terminal" onClick={save} loading={update.isPending}>
                SAVE
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.action === 'publish' ? 'PUBLISH THIS DRAFT?' : 'DISCARD THIS DRAFT?'}
        message={
          confirm
            ? confirm.action === 'publish'
              ? `${confirm.draft.instrument} ${confirm.draft.direction.toUpperCase()} ${orderLabel(confirm.draft)}: entry ${formatPrice(confirm.draft.instrument, confirm.draft.entryPrice)}, SL ${formatPrice(confirm.draft.instrument, confirm.draft.slPrice)}, T0 ${formatPrice(confirm.draft.instrument, confirm.draft.t0Price)}, T1 ${formatPrice(confirm.draft.instrument, confirm.draft.t1Price)}. It becomes a signal for every subscriber at once.`
              : `Draft #${confirm.draft.id} (${confirm.draft.instrument}) leaves the list and is never published.`
            : ''
        }
        confirmLabel={confirm?.action === 'publish' ? 'PUBLISH' : 'DISCARD'}
        color={confirm?.action === 'publish' ? 'terminal' : 'red'}
        pending={publish.isPending || discard.isPending}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.action === 'publish') publish.mutate({ id: confirm.draft.id });
          else discard.mutate({ id: confirm.draft.id });
        }}
        onCancel={() => setConfirm(null)}
      />
    </Stack>
  );
}
