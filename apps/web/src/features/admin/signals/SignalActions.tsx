import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Signal } from '@t0/contracts';
import { IconBan, IconEdit, IconFlag, IconSquareX, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLivePrices } from '../../../lib/live-prices';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';
import { CloseSignalDialog } from './CloseSignalDialog';
import { availableActions, type SignalAction } from './signal-actions';

const BUTTONS: Record<Exclude<SignalAction, 'edit'>, { label: string; color: string; icon: ReactNode }> = {
  close: { label: 'Close', color: 'yellow', icon: <IconFlag size={16} aria-hidden /> },
  cancel: { label: 'Cancel', color: 'gray', icon: <IconBan size={16} aria-hidden /> },
  withdraw: { label: 'Withdraw', color: 'orange', icon: <IconSquareX size={16} aria-hidden /> },
  delete: { label: 'Delete', color: 'red', icon: <IconTrash size={16} aria-hidden /> },
};

const CONFIRM: Record<
  'cancel' | 'withdraw' | 'delete',
  { title: string; label: string; message: (s: Signal) => string }
> = {
  cancel: {
    title: 'CANCEL SIGNAL',
    label: 'CANCEL SIGNAL',
    message: (s) =>
      `Cancel the ${s.instrument} ${s.direction.toUpperCase()} limit order? It never filled; subscribers are told it was cancelled.`,
  },
  withdraw: {
    title: 'WITHDRAW SIGNAL',
    label: 'WITHDRAW',
    message: (s) =>
      `Withdraw the ${s.instrument} ${s.direction.toUpperCase()} signal? It stays in the track record as withdrawn; if it was filled it is valued at the last price.`,
  },
  delete: {
    title: 'DELETE SIGNAL',
    label: 'DELETE',
    message: (s) =>
      `Delete the ${s.instrument} ${s.direction.toUpperCase()} signal? Subscribers will no longer see it. Only possible in the first 2 minutes.`,
  },
};

/** The row's buttons: edit, then only the lifecycle actions the signal's state allows. */
export function SignalActionButtons({
  signal,
  onEdit,
  onAction,
  editDisabled,
}: {
  signal: Signal;
  onEdit: () => void;
  onAction: (action: Exclude<SignalAction, 'edit'>) => void;
  editDisabled: boolean;
}) {
  const actions = availableActions(signal);
  return (
    <Group gap={4} wrap="nowrap">
      {actions.includes('edit') && (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit ${signal.instrument} signal`}
            onClick={onEdit}
            disabled={editDisabled}
          >
            <IconEdit size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {actions
        .filter((a): a is Exclude<SignalAction, 'edit'> => a !== 'edit')
        .map((a) => (
          <Tooltip key={a} label={BUTTONS[a].label}>
            <ActionIcon
              variant="subtle"
              color={BUTTONS[a].color}
              aria-label={`${BUTTONS[a].label} ${signal.instrument} signal`}
              onClick={() => onAction(a)}
            >
              {BUTTONS[a].icon}
            </ActionIcon>
          </Tooltip>
        ))}
    </Group>
  );
}

/** Close, cancel, withdraw and delete, each confirmed first, with the console's toasts. */
export function useSignalActions(refresh: () => void) {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const prices = useLivePrices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ action: Exclude<SignalAction, 'edit'>; signal: Signal } | null>(null);
  const done = (title: string) => () => {
    feedback.ok(title);
    setPending(null);
    void queryClient.invalidateQueries(trpc.signals.events.pathFilter());
    refresh();
  };
  const failed = (title: string) => (error: unknown) => {
    setPending(null);
    feedback.fail(title, error);
  };
  const close = useMutation(
    trpc.signals.close.mutationOptions({ onSuccess: done('SIGNAL CLOSED'), onError: failed('CLOSE FAILED') }),
  );
  const cancel = useMutation(
    trpc.signals.cancel.mutationOptions({ onSuccess: done('SIGNAL CANCELLED'), onError: failed('CANCEL FAILED') }),
  );
  const withdraw = useMutation(
    trpc.signals.withdraw.mutationOptions({ onSuccess: done('SIGNAL WITHDRAWN'), onError: failed('WITHDRAW FAILED') }),
  );
  const remove = useMutation(
    trpc.signals.delete.mutationOptions({ onSuccess: done('SIGNAL DELETED'), onError: failed('DELETE FAILED') }),
  );

  const confirmKind = pending && pending.action !== 'close' ? pending.action : null;
  const s = pending?.signal ?? null;
  const live = s ? prices.data?.[s.instrument] : undefined;
  const dialogs = (
    <>
      <CloseSignalDialog
        signal={pending?.action === 'close' ? s : null}
        livePrice={typeof live === 'number' ? live : null}
        pending={close.isPending}
        onConfirm={(exitPrice) => s && close.mutate({ id: s.id, exitPrice })}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        opened={confirmKind !== null}
        title={confirmKind ? CONFIRM[confirmKind].title : ''}
        message={confirmKind && s ? CONFIRM[confirmKind].message(s) : ''}
        confirmLabel={confirmKind ? CONFIRM[confirmKind].label : undefined}
        pending={cancel.isPending || withdraw.isPending || remove.isPending}
        onConfirm={() => {
          if (!s || !confirmKind) return;
          if (confirmKind === 'cancel') cancel.mutate({ id: s.id });
          else if (confirmKind === 'withdraw') withdraw.mutate({ id: s.id });
          else remove.mutate({ id: s.id });
        }}
        onCancel={() => setPending(null)}
      />
    </>
  );
  return {
    request: (action: Exclude<SignalAction, 'edit'>, signal: Signal) => setPending({ action, signal }),
    dialogs,
  };
}
