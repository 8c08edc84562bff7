import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import {
  ANALYSIS_INSTRUMENTS,
  CHART_NOTE_TIMEFRAMES,
  chartNoteInput,
  hasNoteText,
  type ChartNote,
} from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { RelativeTime } from '../../../components/RelativeTime';
import { FormAndList } from '../FormAndList';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminFeedback } from '../feedback';
import { deskInstruments, useDesk } from '../desk';

interface NoteValues {
  instrument: string;
  timeframe: string;
  content: string;
}

/** The form starts on GBPJPY (the chart-note form's default instrument). */
const initialValues: NoteValues = { instrument: 'GBPJPY', timeframe: CHART_NOTE_TIMEFRAMES[0], content: '' };

/** Chart notes per instrument and timeframe: add-or-update form and grouped list. */
export function ChartNotesTab() {
  const trpc = useTRPC();
  // An analyst writes the notes of their rooms' instruments only.
  const choices = deskInstruments(useDesk(), ANALYSIS_INSTRUMENTS);
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const notes = useQuery(trpc.chartNotes.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.chartNotes.pathFilter());

  const form = useForm<NoteValues>({
    initialValues: { ...initialValues, instrument: choices[0] ?? initialValues.instrument },
    validate: schemaResolver(chartNoteInput, { sync: true }),
  });
  const create = useMutation(
    trpc.chartNotes.create.mutationOptions({
      onSuccess: (note) => {
        feedback.ok('CHART NOTE UPDATED', `${note.instrument} ${note.timeframe} note saved`);
        form.reset();
        refresh();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error, 'Failed to save chart note'),
    }),
  );

  const [editingId, setEditingId] = useState<number | null>(null);
  const [editText, setEditText] = useState('');
  const update = useMutation(
    trpc.chartNotes.update.mutationOptions({
      onSuccess: () => {
        feedback.ok('CHART NOTE UPDATED');
        setEditingId(null);
        refresh();
      },
      onError: (error) => feedback.fail('UPDATE FAILED', error, 'Failed to update chart note'),
    }),
  );

  const [deleting, setDeleting] = useState<ChartNote | null>(null);
  const remove = useMutation(
    trpc.chartNotes.delete.mutationOptions({
      onSuccess: () => {
        feedback.ok('CHART NOTE DELETED');
        setDeleting(null);
        refresh();
      },
      onError: (error) => {
        setDeleting(null);
        feedback.fail('DELETE FAILED', error, 'Failed to delete chart note');
      },
    }),
  );

  const startEdit = (note: ChartNote) => {
    setEditingId(note.id);
    setEditText(note.content);
  };
  const saveEdit = (note: ChartNote) => {
    const checked = chartNoteInput.safeParse({
      instrument: note.instrument,
      timeframe: note.timeframe,
      content: editText,
    });
    if (!checked.success) {
      feedback.fail('UPDATE FAILED', new Error(checked.error.issues[0]?.message ?? 'Failed to update chart note'));
      return;
    }
    update.mutate({ instrument: note.instrument, timeframe: note.timeframe, content: editText });
  };

  const list = notes.data ?? [];
  const timeframeOrder = (t: string) => {
    const i = (CHART_NOTE_TIMEFRAMES as readonly string[]).indexOf(t);
    return i < 0 ? CHART_NOTE_TIMEFRAMES.length : i;
  };

  return (
    <FormAndList
      formSpan={4}
      form={
        <Paper p="lg" className="t0-surface" component="section" aria-labelledby="chart-note-form-title">
          <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
            <Stack gap="sm">
              <Title order={2} fz="h4" id="chart-note-form-title">
                ADD OR UPDATE CHART NOTE
              </Title>
              <Text size="xs" c="dimmed">
                Saving a note for an instrument and timeframe that already has one replaces it.
              </Text>
              <Select label="Instrument" data={choices} allowDeselect={false} {...form.getInputProps('instrument')} />
              <Select
                label="Timeframe"
                data={[...CHART_NOTE_TIMEFRAMES]}
                allowDeselect={false}
                {...form.getInputProps('timeframe')}
              />
              <Textarea label="Note" withAsterisk autosize minRows={4} {...form.getInputProps('content')} />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  {create.isPending ? 'SAVING...' : 'SAVE NOTE'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      }
      list={
        <Stack gap="md">
          <Title order={2} fz="h4">
            CHART NOTES ({list.length})
          </Title>
          {notes.isLoading && <LoadingSkeleton label="Loading chart notes" count={4} />}
          {notes.isError && (
            <ErrorPanel
              text="Failed to load chart notes."
              onRetry={() => void notes.refetch()}
              retrying={notes.isFetching}
            />
          )}
          {notes.data &&
            choices.map((instrument) => {
              const group = list
                .filter((n) => n.instrument === instrument)
                .sort((a, b) => timeframeOrder(a.timeframe) - timeframeOrder(b.timeframe));
              return (
                <Paper
                  key={instrument}
                  p="md"
                  className="t0-surface"
                  component="section"
                  aria-label={`${instrument} notes`}
                  data-testid={`notes-${instrument}`}
                >
                  <Group justify="space-between" mb="xs">
                    <Text fw={800}>{instrument}</Text>
                    <Badge variant="light" data-testid="notes-count">
                      {group.length} {group.length === 1 ? 'note' : 'notes'}
                    </Badge>
                  </Group>
                  {group.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No notes for {instrument}.
                    </Text>
                  ) : (
                    <Stack gap="sm">
                      {group.map((note) => (
                        <Paper key={note.id} p="sm" bg="var(--t0-surface-2)" data-testid="chart-note">
                          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                            <Group gap="xs">
                              <Badge variant="outline" color="gray">
                                {note.timeframe}
                              </Badge>
                              <RelativeTime value={note.updatedAt} size="xs" c="dimmed" fallback="No date" />
                            </Group>
                            {editingId !== note.id && (
                              <Group gap={4} wrap="nowrap">
                                <Tooltip label="Edit">
                                  <ActionIcon
                                    variant="subtle"
                                    color="gray"
                                    aria-label={`Edit ${instrument} ${note.timeframe} note`}
                                    onClick={() => startEdit(note)}
                                    disabled={editingId !== null}
                                  >
                                    <IconEdit size={16} aria-hidden />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label="Delete">
                                  <ActionIcon
                                    variant="subtle"
                                    color="red"
                                    aria-label={`Delete ${instrument} ${note.timeframe} note`}
                                    onClick={() => setDeleting(note)}
                                  >
                                    <IconTrash size={16} aria-hidden />
                                  </ActionIcon>
                                </Tooltip>
                              </Group>
                            )}
                          </Group>
                          {editingId === note.id ? (
                            <Stack gap="xs" mt="xs">
                              <Textarea
                                aria-label={`${instrument} ${note.timeframe} note`}
                                autosize
                                minRows={3}
                                value={editText}
                                onChange={(e) => setEditText(e.currentTarget.value)}
                                data-autofocus
                              />
                              <Group gap="xs" justify="flex-end">
                                <Button
                                  size="xs"
                                  variant="default"
                                  onClick={() => setEditingId(null)}
                                  disabled={update.isPending}
                                >
                                  Cancel
                                </Button>
                                <Button size="xs" onClick={() => saveEdit(note)} loading={update.isPending}>
                                  UPDATE NOTE
                                </Button>
                              </Group>
                            </Stack>
                          ) : (
                            <Text
                              size="sm"
                              mt="xs"
                              className="t0-prose"
                              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                              c={hasNoteText(note.content) ? undefined : 'dimmed'}
                            >
                              {hasNoteText(note.content) ? note.content : 'No content available'}
                            </Text>
                          )}
                        </Paper>
                      ))}
                    </Stack>
                  )}
                </Paper>
              );
            })}
        </Stack>
      }
    >
      <ConfirmDialog
        opened={deleting !== null}
        title="DELETE CHART NOTE"
        message={`Delete the ${deleting?.instrument ?? ''} ${deleting?.timeframe ?? ''} note?`}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </FormAndList>
  );
}
