import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const LOCK_TITLE = 'PREMIUM ANALYSIS LOCKED';
export const LOCK_MESSAGE = 'LOGIN TO UNLOCK COMPLETE T0 ANALYSIS';

export interface LockedPanelProps {
  title?: string;
  message?: string;
  /** Extra content under the message (for example a subscribe link). */
  children?: ReactNode;
  compact?: boolean;
}

/** The premium lock (spec 2 §2): shown instead of analysis to visitors without a subscription. */
export function LockedPanel({
  title = LOCK_TITLE,
  message = LOCK_MESSAGE,
  children,
  compact = false,
}: LockedPanelProps) {
  return (
    <Paper
      role="note"
      aria-label={title}
      p={compact ? 'sm' : 'lg'}
      style={{
        background: 'repeating-linear-gradient(135deg, var(--t0-surface-1) 0 10px, var(--t0-surface-2) 10px 20px)',
        borderStyle: 'dashed',
      }}
    >
      <Stack align="center" gap={compact ? 4 : 'xs'} ta="center">
        <ThemeIcon variant="outline" color="amber" size={compact ? 'md' : 'lg'} radius="xs" aria-hidden="true">
          <IconLock size={compact ? 14 : 18} />
        </ThemeIcon>
        <Text fw={700} size={compact ? 'xs' : 'sm'} lts="0.08em" c="var(--t0-warn)">
          {title}
        </Text>
        <Text size="xs" c="dimmed" lts="0.06em">
          {message}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
