import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { addNoteInput, ADMIN_NOTE_MAX, type AdminUserActionOutput, type AdminUserDetail } from '@t0/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/time-zone';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useUserActionResult } from './use-user-action';

/** Administrators' notes on a user, newest first; a new one is confirmed before it is kept (notes cannot be edited). */
export function UserNotes({ detail, onResult }: { detail: AdminUserDetail; onResult: (message: string) => void }) {
  const trpc = useTRPC();
  const userId = detail.account.id;
  const { done, failed } = useUserActionResult(onResult);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const add = useMutation(trpc.adminUsers.addNote.mutationOptions());

  function ask() {
    const checked = addNoteInput.safeParse({ userId, body });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    setAsking(true);
  }

  async function save() {
    try {
      const answer: AdminUserActionOutput = await add.mutateAsync({ userId, body });
      done('Note added', answer);
      setBody('');
      setAsking(false);
    } catch (e) {
      if (failed('Note not added', e)) setAsking(false);
    }
  }

  return (
    <Stack gap="sm">
      <Textarea
        label="NEW NOTE"
        placeholder="Seen by administrators only"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={ADMIN_NOTE_MAX}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={error}
        description={`${body.length}/${ADMIN_NOTE_MAX}`}
      />
      <Button variant="light" onClick={ask} style={{ alignSelf: 'flex-start' }}>
        ADD NOTE
      </Button>
      {detail.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        detail.notes.map((n) => (
          <Paper key={n.id} p="xs" withBorder data-testid="user-note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {n.body}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {formatDateTime(n.createdAt)} · {n.authorEmail}
            </Text>
          </Paper>
        ))
      )}
      <ConfirmDialog
        opened={asking}
        title="ADD NOTE"
        message="Add this note? Notes cannot be edited or deleted."
        confirmLabel="ADD NOTE"
        color="green"
        pending={add.isPending}
        onConfirm={() => void save()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
