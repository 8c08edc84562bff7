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
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'DELETE',
  pending,
  color = 'red',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // While it closes (its transition), the dialog keeps the words it was opened with: a caller that
  // clears what it asked about would otherwise leave a dialog without a name on screen.
  const lastOpened = useRef({ title, message, confirmLabel, color });
  if (opened) lastOpened.current = { title, message, confirmLabel, color };
  const words = lastOpened.current;
  return (
    <Modal opened={opened} onClose={onCancel} title={words.title} size="sm">
      <Stack gap="md">
        <Text size="sm">{words.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            CANCEL
          </Button>
          <Button color={words.color} onClick={onConfirm} loading={pending} data-autofocus>
            {words.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
