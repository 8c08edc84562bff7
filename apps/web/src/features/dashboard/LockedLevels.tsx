import { Group, Stack, Text } from '@mantine/core';
import type { SignalView } from '@t0/contracts';
import { useDates } from '../../lib/time-zone';
import { LockedPanel } from '../../components/LockedPanel';
import { StatusBadge } from '../../components/StatusBadge';
import { UpgradeButton, useRoomName } from '../checkout/UpgradeButton';
import { useTerminalT } from './words';
import classes from './LockedLevels.module.css';

// A locked signal: an open signal of a room the viewer's plan does not include. It shows what it
// is about (instrument, room), when it was published and that it is open; every level is a dash
// until it closes, and the way to a plan that includes it sits beside it.

/** One withheld level in a table cell: a dash, named for screen readers. */
export function LockedLevel({ label }: { label: string }) {
  const { t } = useTerminalT();
  return (
    <Text
      component="span"
      size="sm"
      c="dimmed"
      className="t0-num"
      role="img"
      aria-label={t('terminal:locked.level', { label })}
      title={t('terminal:locked.levelTitle', { label })}
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
    // Narrower on a phone, so the row's status stays in view; the whole name is its title and in the dialog.
    <Text
      component="span"
      size="xs"
      c="dimmed"
      lts="0.04em"
      data-testid="signal-room"
      truncate="end"
      className={classes.room}
      title={name}
    >
      {name}
    </Text>
  );
}

/** OPEN and, beside it, UPGRADE: the status cell of a locked row. */
export function LockedStatus({ signal }: { signal: SignalView }) {
  const { t } = useTerminalT();
  return (
    <Group gap={6} wrap="wrap" data-testid="locked-status">
      <StatusBadge status={signal.status} t={t} />
      <UpgradeButton
        subject={t('terminal:locked.subject', { instrument: signal.instrument })}
        room={signal.room}
        testId="signal-upgrade"
      />
    </Group>
  );
}

/** The signal dialog's body for a locked signal (its title shows LOCKED and OPEN): room, publication, the sentence and UPGRADE. */
export function LockedSignalDetail({ signal }: { signal: SignalView }) {
  const room = useRoomName(signal.room);
  const { t } = useTerminalT();
  const { dateTime } = useDates();
  return (
    <Stack gap="md" data-testid="locked-signal-detail">
      <Group gap="xl" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Text className="t0-label">{t('terminal:locked.room')}</Text>
          <Text fw={700} data-testid="locked-room" style={{ overflowWrap: 'anywhere' }}>
            {room}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text className="t0-label">{t('terminal:locked.published')}</Text>
          <Text className="t0-date" fw={700} data-testid="locked-published">
            {dateTime(signal.createdAt) ?? '--'}
          </Text>
        </Stack>
      </Group>
      <LockedPanel title={t('terminal:locked.title')} message={t('terminal:locked.sentence')} compact>
        <UpgradeButton
          size="xs"
          mt={4}
          subject={t('terminal:locked.subject', { instrument: signal.instrument })}
          room={signal.room}
          testId="dialog-upgrade"
        />
      </LockedPanel>
    </Stack>
  );
}
