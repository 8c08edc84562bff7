import { ActionIcon, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { SAVED_REPLIES_MAX, SAVED_REPLY_TEXT_MAX, SAVED_REPLY_TITLE_MAX, type SavedReply } from '@t0/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { useTRPC } from '../../../lib/trpc';
import { ConsolePanel } from '../FormAndList';
import { useAdminFeedback } from '../feedback';

/**
 * SAVED REPLIES (docs/features/messages.md): the desk's answers to common questions, a title and a
 * text; a thread's SAVED REPLIES menu inserts one into the reply. Administrators write them here.
 */
export function SavedRepliesSection() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const feedback = useAdminFeedback();
  const replies = useQuery(trpc.messages.savedReplies.queryOptions());
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.messages.savedReplies.queryKey() });

  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const reset = () => {
    setEditing(null);
    setTitle('');
    setText('');
  };
  const saved = (what: string) => () => {
    feedback.ok('Success', what);
    reset();
    refresh();
  };
  const create = useMutation(
    trpc.messages.createSavedReply.mutationOptions({
      onSuccess: saved('Saved reply added'),
      onError: (error) => feedback.fail('Error', error, 'Failed to save the reply'),
    }),
  );
  const update = useMutation(
    trpc.messages.updateSavedReply.mutationOptions({
      onSuccess: saved('Saved reply changed'),
      onError: (error) => feedback.fail('Error', error, 'Failed to save the reply'),
    }),
  );
  const remove = useMutation(
    trpc.messages.deleteSavedReply.mutationOptions({
      onSuccess: () => {
        feedback.ok('Success', 'Saved reply deleted');
        if (editing?.id === deleting?.id) reset();
        setDeleting(null);
        refresh();
      },
      onError: (error) => {
        setDeleting(null);
        feedback.fail('Error', error, 'Failed to delete the reply');
      },
    }),
  );

  const list = replies.data?.replies ?? [];
  const pending = create.isPending || update.isPending;
  const full = !editing && list.length >= SAVED_REPLIES_MAX;
  const save = () => {
    if (editing) update.mutate({ id: editing.id, title, text });
    else create.mutate({ title, text });
  };

  return (
    <ConsolePanel title={`SAVED REPLIES (${list.length}/${SAVED_REPLIES_MAX})`} order={3} testId="saved-replies">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <TextInput
              label="Title"
              withAsterisk
              maxLength={SAVED_REPLY_TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label="Reply text"
              withAsterisk
              autosize
              minRows={3}
              maxRows={10}
              maxLength={SAVED_REPLY_TEXT_MAX}
              description={`${text.length}/${SAVED_REPLY_TEXT_MAX}`}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {full && (
              <Text size="xs" c="dimmed">
                At most {SAVED_REPLIES_MAX} saved replies: delete one first.
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              {editing && (
                <Button variant="default" onClick={reset} disabled={pending}>
                  CANCEL
                </Button>
              )}
              <Button onClick={save} loading={pending} disabled={!title.trim() || !text.trim() || full}>
                {pending ? 'SAVING...' : editing ? 'SAVE CHANGES' : 'SAVE REPLY'}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            {replies.isLoading && <LoadingSkeleton label="Loading saved replies" />}
            {replies.isError && (
              <ErrorPanel
                text="Failed to load saved replies."
                onRetry={() => void replies.refetch()}
                retrying={replies.isFetching}
              />
            )}
            {replies.data && list.length === 0 && (
              <EmptyState text="NO SAVED REPLIES YET" hint="Save the desk's answers to common questions." />
            )}
            <Stack gap="xs" mah={420} style={{ overflowY: 'auto' }}>
              {list.map((r) => (
                <Paper key={r.id} p="sm" withBorder radius="xs" data-testid="saved-reply">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.title}
                      </Text>
                      <Text
                        size="xs"
                        c="dimmed"
                        lineClamp={3}
                        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      >
                        {r.text}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${r.title}`}
                          onClick={() => {
                            setEditing(r);
                            setTitle(r.title);
                            setText(r.text);
                          }}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${r.title}`}
                          onClick={() => setDeleting(r)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={deleting !== null}
        title="DELETE SAVED REPLY"
        message={`Delete the saved reply “${deleting?.title ?? ''}”? Threads keep what was sent.`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </ConsolePanel>
  );
}
