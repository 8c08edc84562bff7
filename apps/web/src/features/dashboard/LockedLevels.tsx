import { Group, Stack, Text } from '@mantine/core';
import type { SignalView } from '@t0/contracts';
import { formatDateTime } from '../../lib/time-zone';
import { LockedPanel } from '../../components/LockedPanel';
import { StatusBadge } from '../../components/StatusBadge';
import { UpgradeButton, useRoomName } from '../checkout/UpgradeButton';

// A locked signal: an open signal of a room the viewer's plan does not include. It shows what it
// is about (instrument, room), when it was published and that it is open; every level is a dash
// until it closes, and the way to a plan that includes it sits beside it.

export const SIGNAL_LOCKED_TITLE = 'SIGNAL LOCKED';
export const SIGNAL_LOCKED_SENTENCE =
  'This signal is open in a room your plan does not include; it shows here in full once it closes.';

/** One withheld level in a table cell: a dash, named for screen readers. */
export function LockedLevel({ label }: { label: string }) {
  return (
    <Text
      component="span"
      size="sm"
      c="dimmed"
      className="t0-num"
      role="img"
      aria-label={`${label} locked`}
      title={`${label}: shown once the signal closes`}
      data-locked="true"
    >
      —
    </Text>
  );
}

/** The room a signal belongs to, as a small muted label. */
export function RoomLabel({ room }: { room: string }) {
  const name = useRoomName(room);
  return (
    <Text component="span" size="xs" c="dimmed" lts="0.04em" data-testid="signal-room" truncate="end" maw={160}>
      {name}
    </Text>
  );
}

/** OPEN and, beside it, UPGRADE: the status cell of a locked row. */
export function LockedStatus({ signal }: { signal: SignalView }) {
  return (
    <Group gap={6} wrap="wrap" data-testid="locked-status">
      <StatusBadge status={signal.status} />
      <UpgradeButton subject={`the ${signal.instrument} signal`} room={signal.room} testId="signal-upgrade" />
    </Group>
  );
}

/** The signal dialog's body for a locked signal (its title shows LOCKED and OPEN): room, publication, the sentence and UPGRADE. */
export function LockedSignalDetail({ signal }: { signal: SignalView }) {
  const room = useRoomName(signal.room);
  return (
    <Stack gap="md" data-testid="locked-signal-detail">
      <Group gap="xl" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Text className="t0-label">ROOM</Text>
          <Text fw={700} data-testid="locked-room" style={{ overflowWrap: 'anywhere' }}>
            {room}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text className="t0-label">PUBLISHED</Text>
          <Text className="t0-num" fw={700} data-testid="locked-published">
            {formatDateTime(signal.createdAt) ?? '--'}
          </Text>
        </Stack>
      </Group>
      <LockedPanel title={SIGNAL_LOCKED_TITLE} message={SIGNAL_LOCKED_SENTENCE} compact>
        <UpgradeButton
          size="xs"
          mt={4}
          subject={`the ${signal.instrument} signal`}
          room={signal.room}
          testId="dialog-upgrade"
        />
      </LockedPanel>
    </Stack>
  );
}
