import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
