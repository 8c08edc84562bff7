import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ThreadSummary } from '@t0/contracts';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time-zone';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { MessageThread } from '../../messages/MessageThread';
import { useDesk } from '../desk';
import { SavedRepliesSection } from './SavedRepliesSection';

type StatusFilter = 'all' | 'open' | 'closed';

function ThreadRow({ t, selected, onSelect }: { t: ThreadSummary; selected: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      p="xs"
      data-testid="thread-row"
      aria-current={selected || undefined}
      style={{
        borderBottom: '1px solid var(--t0-border)',
        background: selected ? 'var(--t0-surface-raised, rgba(255,255,255,0.05))' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={t.unread > 0 ? 700 : 400} truncate>
          {t.name ?? t.email}
        </Text>
        <Group gap={4} wrap="nowrap">
          {t.status === 'closed' && (
            <Badge size="xs" variant="outline" color="gray" radius="xs">
              CLOSED
            </Badge>
          )}
          {t.unread > 0 && (
            <Badge size="xs" radius="xs" data-testid="unread">
              {t.unread}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {t.lastMessage ?? ''}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(t.lastMessageAt)}
        {t.assignedToEmail ? ` · ${t.assignedToEmail}` : ''}
      </Text>
    </UnstyledButton>
  );
}

/**
 * MESSAGES: the desk's inbox, one thread per subscriber (docs/features/messages.md): every thread for
 * an administrator, their rooms' subscribers' for an analyst; the saved replies below (administrators write them).
 */
export function MessagesTab() {
  const trpc = useTRPC();
  const admin = useDesk().kind === 'admin';
  const qc = useQueryClient();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const inbox = useQuery(
    trpc.messages.inbox.queryOptions(
      { search: search.trim() || undefined, status: status === 'all' ? undefined : status },
      { placeholderData: keepPreviousData },
    ),
  );
  const thread = useQuery(trpc.messages.thread.queryOptions({ userId: selected ?? 0 }, { enabled: selected !== null }));
  const saved = useQuery(trpc.messages.savedReplies.queryOptions());
  const invalidate = () => qc.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  const failed = (err: unknown) => toast({ title: errorMessage(err, 'Not saved.'), variant: 'destructive' });
  const reply = useMutation(trpc.messages.reply.mutationOptions({ onSuccess: invalidate, onError: failed }));
  const update = useMutation(trpc.messages.update.mutationOptions({ onSuccess: invalidate, onError: failed }));
  const markRead = useMutation(trpc.messages.markRead.mutationOptions({ onSuccess: invalidate }));
  const uploadUrl = useMutation(trpc.messages.uploadImage.mutationOptions());

  const unread = thread.data?.thread.unread ?? 0;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (selected !== null && unread > 0) read({ userId: selected });
  }, [selected, unread, read]);

  const t = thread.data?.thread;
  return (
    <Grid gap="md" data-testid="MessagesTab">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper p="sm" className="t0-surface">
          <Stack gap="xs">
            <TextInput
              aria-label="Search messages"
              placeholder="E-mail, name or message"
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <SegmentedControl
              size="xs"
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
              data={[
                { value: 'open', label: 'OPEN' },
                { value: 'closed', label: 'CLOSED' },
                { value: 'all', label: 'ALL' },
              ]}
            />
            <Stack gap={0} mah={560} style={{ overflowY: 'auto' }}>
              {(inbox.data?.threads ?? []).map((row) => (
                <ThreadRow
                  key={row.userId}
                  t={row}
                  selected={row.userId === selected}
                  onSelect={() => setSelected(row.userId)}
                />
              ))}
              {inbox.data?.threads.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" py="md">
                  No threads.
                </Text>
              )}
            </Stack>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper p="sm" className="t0-surface">
          {!t || !thread.data ? (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              Choose a thread.
            </Text>
          ) : (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Title order={3} size="h5">
                    {t.name ?? t.email}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {t.email}
                    {t.assignedToEmail ? ` · assigned to ${t.assignedToEmail}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => update.mutate({ userId: t.userId, status: t.status === 'open' ? 'closed' : 'open' })}
                  >
                    {t.status === 'open' ? 'CLOSE' : 'REOPEN'}
                  </Button>
                  {user && t.assignedTo !== user.id && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => update.mutate({ userId: t.userId, assignedTo: user.id })}
                    >
                      ASSIGN TO ME
                    </Button>
                  )}
                  {admin && (
                    <Button
                      size="xs"
                      variant="light"
                      color={t.writingStopped ? 'gray' : 'red'}
                      onClick={() => update.mutate({ userId: t.userId, writingStopped: !t.writingStopped })}
                    >
                      {t.writingStopped ? 'ALLOW WRITING' : 'STOP WRITING'}
                    </Button>
                  )}
                </Group>
              </Group>
              <MessageThread
                notice={thread.data.notice}
                messages={thread.data.messages}
                ownIsFromAdmin
                refusal={null}
                sending={reply.isPending}
                onSend={(input) => reply.mutateAsync({ userId: t.userId, ...input })}
                getUploadUrl={(file) => uploadUrl.mutateAsync({ fileName: file.name })}
                savedReplies={saved.data?.replies ?? []}
              />
            </Stack>
          )}
        </Paper>
      </Grid.Col>
      {admin && (
        <Grid.Col span={12}>
          <SavedRepliesSection />
        </Grid.Col>
      )}
    </Grid>
  );
}
