import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { CANCEL_REASON_MAX, CANCEL_REASONS, cancelSubscriptionInput } from '@t0/contracts';
import { useState, type FormEvent } from 'react';
import { useProfileT } from './words';

/** Each reason's words: the reason itself is sent in English (kept for the team as written). */
const REASON_KEYS: Record<(typeof CANCEL_REASONS)[number], string> = {
  'Too expensive': 'profile:cancel.reason.expensive',
  'Not using it enough': 'profile:cancel.reason.unused',
  'Signals did not suit my trading': 'profile:cancel.reason.unsuited',
  'Switching to another service': 'profile:cancel.reason.switching',
  'Taking a break': 'profile:cancel.reason.break',
  Other: 'profile:cancel.reason.other',
};

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
  const { t } = useProfileT();
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
    <Modal opened={opened} onClose={onClose} title={t('profile:cancel.title')} centered>
      <form onSubmit={submit} noValidate data-testid="cancel-dialog">
        <Stack gap="md">
          <Text fz="sm" className="t0-prose">
            {t('profile:cancel.text', { date: endsOn ?? t('profile:cancel.paidPeriodEnd') })}
          </Text>
          <NativeSelect
            label={t('profile:cancel.why')}
            data={[
              { value: '', label: t('profile:cancel.noReason') },
              ...CANCEL_REASONS.map((r) => ({ value: r, label: t(REASON_KEYS[r]) })),
            ]}
            value={choice}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Textarea
            label={t('profile:cancel.details')}
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
              {t('profile:cancel.keep')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {pending ? t('profile:cancel.cancelling') : t('profile:cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
