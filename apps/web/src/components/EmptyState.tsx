import { Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** The spec's empty text (for example "NO ACTIVE SIGNALS"). */
  text: string;
  /** A second, quieter line. */
  hint?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** The designed "nothing here yet" state of a data view. */
export function EmptyState({ text, hint, icon, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="empty-state">
      <span aria-hidden style={{ color: 'var(--t0-muted)', display: 'inline-flex' }}>
        {icon ?? <IconDatabaseOff size={28} stroke={1.5} />}
      </span>
      <Text fw={700} lts="0.06em">
        {text}
      </Text>
      {hint && (
        <Text fz="sm" c="dimmed" className="t0-prose" maw={420}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
