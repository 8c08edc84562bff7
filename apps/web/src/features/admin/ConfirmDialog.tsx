import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  pending?: boolean;
  /** The confirm button's colour: red (destructive) unless told otherwise. */
  color?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Destructive actions are confirmed first (DESIGN.md). */
export function ConfirmDialog({ opened, title, message, confirmLabel = 'DELETE', pending, color = 'red', onConfirm, onCancel }: ConfirmDialogProps) {
  // While it closes (its transition), the dialog keeps the words it was opened with: a caller that
  // clears what it asked about would otherwise leave a dialog without a name on screen.
  const shown = useRef({ title, message, confirmLabel, color });
  if (opened) shown.current = { title, message, confirmLabel, color };
  ({ title, message, confirmLabel, color } = shown.current);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            CANCEL
          </Button>
          <Button color={color} onClick={onConfirm} loading={pending} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
