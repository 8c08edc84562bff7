import { Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LockedPanel } from '../../components/LockedPanel';

// A signal whose levels the server withheld (an open signal, an account without a subscription):
// shown as locked, never as a missing or zero figure.

export const LEVELS_LOCKED_TITLE = 'SIGNAL LEVELS LOCKED';
export const LEVELS_LOCKED_MESSAGE = 'ENTRY, STOP AND TARGETS OF OPEN SIGNALS ARE FOR SUBSCRIBERS';

/** One locked level in a table cell: the lock, and the word where there is room for it. */
export function LockedLevel({ label, withText = false }: { label: string; withText?: boolean }) {
  return (
    <Group
      component="span"
      gap={4}
      wrap="nowrap"
      justify="flex-end"
      c="var(--t0-warn)"
      role="img"
      aria-label={`${label} locked`}
      title={`${label} locked: subscribers only`}
      data-locked="true"
    >
      <IconLock size={12} aria-hidden="true" />
      {withText && (
        <Text component="span" size="xs" fw={700} lts="0.06em" aria-hidden="true">
          LOCKED
        </Text>
      )}
    </Group>
  );
}

/** The signal dialog's place for the levels when they are locked, with the way to unlock them. */
export function LockedSignalLevels() {
  return (
    <LockedPanel title={LEVELS_LOCKED_TITLE} message={LEVELS_LOCKED_MESSAGE}>
      <Button component={Link} to="/subscribe" size="xs" mt={4} variant="outline" color="amber">
        ACTIVATE SUBSCRIPTION
      </Button>
    </LockedPanel>
  );
}
