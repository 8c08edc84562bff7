import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { CANCEL_REASON_MAX, CANCEL_REASONS, cancelSubscriptionInput } from '@t0/contracts';
import { useState, type FormEvent } from 'react';

const REASONS = CANCEL_REASONS;

/** Asks why before cancelling at the period end; the reason is optional (kept for the team when given). */
export function CancelSubscriptionDialog({
  opened,
  endsOn,
  pending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  endsOn: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const [choice, setChoice] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const reason = [choice, details.trim()].filter(Boolean).join(': ').slice(0, CANCEL_REASON_MAX);
    const checked = cancelSubscriptionInput.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    onConfirm(checked.data.reason || undefined);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="CANCEL SUBSCRIPTION" centered>
      <form onSubmit={submit} noValidate data-testid="cancel-dialog">
        <Stack gap="md">
          <Text fz="sm" className="t0-prose">
            Your access continues until {endsOn ?? 'the end of the paid period'}; nothing more is charged after that.
            You can resume before then.
          </Text>
          <NativeSelect
            label="WHY ARE YOU CANCELLING? (OPTIONAL)"
            data={[{ value: '', label: 'No reason given' }, ...REASONS.map((r) => ({ value: r, label: r }))]}
            value={choice}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Textarea
            label="ANYTHING ELSE? (OPTIONAL)"
            autosize
            minRows={2}
            maxLength={300}
            value={details}
            onChange={(e) => {
              setDetails(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              KEEP SUBSCRIPTION
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {pending ? 'CANCELLING...' : 'CANCEL AT PERIOD END'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
