import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  directionSign,
  formatPips,
  formatPrice,
  formatR,
  roundTo,
  SIGNAL_PRICE_STEP,
  signalCloseInput,
  toPips,
  type Signal,
} from '@t0/contracts';
import { useEffect, useState } from 'react';

export interface CloseSignalDialogProps {
  signal: Signal | null;
  livePrice: number | null;
  pending: boolean;
  onConfirm: (exitPrice: number) => void;
  onCancel: () => void;
}

/** Close a filled signal at a price: prefilled with the live price, the result shown before confirming. */
export function CloseSignalDialog({ signal, livePrice, pending, onConfirm, onCancel }: CloseSignalDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(signal && livePrice !== null ? String(livePrice) : '');
    setError(null);
  }, [signal, livePrice]);
  if (!signal) return <Modal opened={false} onClose={onCancel} title="CLOSE SIGNAL" />;
  const n = Number(value);
  // The result against the risk fixed at publication (the server computes the same from its events).
  const resultPips =
    Number.isFinite(n) && n > 0
      ? toPips(signal.instrument, (n - signal.entryPrice) * directionSign(signal.direction))
      : null;
  const resultR = resultPips !== null && signal.riskPips ? roundTo(resultPips / signal.riskPips, 2) : null;
  const submit = () => {
    const checked = signalCloseInput.safeParse({ id: signal.id, exitPrice: value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Exit price is required');
      return;
    }
    onConfirm(checked.data.exitPrice ?? livePrice ?? Number(value));
  };
  return (
    <Modal opened onClose={onCancel} title="CLOSE SIGNAL" size="sm">
      <Stack gap="md">
        <Text size="sm">
          Close the {signal.instrument} {signal.direction.toUpperCase()} signal (entry{' '}
          {formatPrice(signal.instrument, signal.entryPrice)}) at an exit price. The close is at market: the exit must
          lie within the feed&apos;s range since its last tick (the live price prefilled here); it is recorded in its
          timeline and in the track record beside the feed&apos;s price.
        </Text>
        <TextInput
          label="Exit price"
          type="number"
          inputMode="decimal"
          step={SIGNAL_PRICE_STEP}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Text size="sm" className="t0-num" data-testid="close-preview">
          Result: {formatPips(resultPips, signal.instrument)} · {formatR(resultR)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            CANCEL
          </Button>
          <Button color="red" onClick={submit} loading={pending}>
            CLOSE AT PRICE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
