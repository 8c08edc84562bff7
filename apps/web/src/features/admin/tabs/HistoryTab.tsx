import { useLivePoll } from '../../../lib/live/store';
import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  filterNotifications,
  inferNotificationDirection,
  NOTIFICATION_TYPES,
  POLL,
  type Notification,
} from '@t0/contracts';
import { formatDateTime } from '../../../lib/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DirectionBadge } from '../../../components/DirectionBadge';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { RelativeTime } from '../../../components/RelativeTime';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';
import { EditNotificationModal } from './EditNotificationModal';

const PRIORITY_COLORS: Record<string, string> = {
  critical: 'red',
  high: 'amber',
  medium: 'blue',
  normal: 'gray',
  low: 'gray',
};

/** Every notification, searchable and filterable by type, each with edit and delete. */
export function HistoryTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<string>('all');
  const [editing, setEditing] = useState<Notification | null>(null);
  const [deleting, setDeleting] = useState<Notification | null>(null);

  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.adminNotificationsMs) }),
  );
  // Signal-type items without a direction word take the nearest signal's direction.
  const signals = useQuery(trpc.signals.list.queryOptions(undefined, { refetchInterval: useLivePoll(POLL.signalsMs) }));

  const remove = useMutation(
    trpc.notifications.delete.mutationOptions({
      onSuccess: () => {
        feedback.ok('NOTIFICATION DELETED');
        setDeleting(null);
        void queryClient.invalidateQueries(trpc.notifications.pathFilter());
        void queryClient.invalidateQueries(trpc.userNotifications.pathFilter());
      },
      onError: (error) => {
        setDeleting(null);
        feedback.fail('DELETE FAILED', error);
      },
    }),
  );

  const shown = filterNotifications(list.data ?? [], search, type);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h4">
          NOTIFICATION HISTORY
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Title or message"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Type"
            value={type}
            onChange={(v) => setType(v ?? 'all')}
            allowDeselect={false}
            data={[
              { value: 'all', label: 'ALL TYPES' },
              ...NOTIFICATION_TYPES.map((t) => ({ value: t, label: t.toUpperCase() })),
            ]}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
      </Group>

      {list.isLoading && <LoadingSkeleton label="Loading notifications" />}
      {list.isError && (
        <ErrorPanel
          text="Failed to load notifications."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.data && shown.length === 0 && (
        <Paper className="t0-surface">
          <EmptyState
            text={list.data.length === 0 ? 'NO NOTIFICATIONS SENT YET' : 'NO MATCHING NOTIFICATIONS'}
            hint={
              list.data.length === 0 ? 'Broadcast one from the create tab.' : 'Change the search or the type filter.'
            }
          />
        </Paper>
      )}

      <Stack gap="sm" data-testid="history-list">
        {shown.map((n) => (
          <Paper key={n.id} p="md" className="t0-surface" data-testid="history-item">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700} style={{ wordBreak: 'break-word' }}>
                    {n.title}
                  </Text>
                  {n.type === 'signal' && (
                    <DirectionBadge direction={inferNotificationDirection(n, signals.data ?? [])} />
                  )}
                </Group>
                <Text
                  size="sm"
                  c="dimmed"
                  className="t0-prose"
                  style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}
                >
                  {n.message}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light" color="blue">
                    {n.type.toUpperCase()}
                  </Badge>
                  <Badge variant="outline" color={PRIORITY_COLORS[n.priority] ?? 'gray'}>
                    {n.priority.toUpperCase()}
                  </Badge>
                  {n.isGlobal && (
                    <Badge variant="outline" color="gray">
                      GLOBAL
                    </Badge>
                  )}
                  {!n.deliveredAt && n.scheduledFor && (
                    <Badge variant="light" color="amber">
                      SCHEDULED {formatDateTime(n.scheduledFor)}
                    </Badge>
                  )}
                  <RelativeTime value={n.createdAt} size="xs" c="dimmed" />
                </Group>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${n.title}`}
                    onClick={() => setEditing(n)}
                  >
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${n.title}`}
                    onClick={() => setDeleting(n)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>

      <EditNotificationModal notification={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="DELETE NOTIFICATION"
        message={`Delete "${deleting?.title ?? ''}"? It disappears for every user who received it.`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
