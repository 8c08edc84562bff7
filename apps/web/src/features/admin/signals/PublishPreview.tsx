import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useDesk } from '../desk';

export interface PublishPreviewProps {
  opened: boolean;
  pending: boolean;
  onPublish: () => void;
  onBack: () => void;
  /** The signal card as subscribers will see it. */
  children: ReactNode;
}

/** The last look before a signal goes out: what subscribers get, and to how many (counted by the server). */
export function PublishPreview({ opened, pending, onPublish, onBack, children }: PublishPreviewProps) {
  const trpc = useTRPC();
  // The audience count is the desk's figure: an analyst publishes without it.
  const counted = useDesk().kind === 'admin';
  const audience = useQuery(
    trpc.signals.audience.queryOptions(undefined, { enabled: opened && counted, staleTime: 0 }),
  );
  const n = audience.data?.subscribers;
  const label = n === undefined ? 'PUBLISH' : `PUBLISH TO ${n} SUBSCRIBER${n === 1 ? '' : 'S'}`;
  return (
    <Modal
      opened={opened}
      onClose={onBack}
      title="PREVIEW SIGNAL"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Back to the form' }}
    >
      <Stack gap="md" data-testid="publish-preview">
        {children}
        <Text size="sm" c="dimmed">
          Once published, the signal stays in the public track record: every later edit is shown in its timeline, and it
          can be withdrawn but not deleted after 2 minutes.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={pending}>
            BACK TO EDIT
          </Button>
          <Button onClick={onPublish} loading={pending} disabled={audience.isLoading} data-autofocus>
            {pending ? 'PUBLISHING...' : label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
