import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface LockedPanelProps {
  /** Its words come from the caller, in the reader's language. */
  title: string;
  message: string;
  /** Extra content under the message (for example a subscribe link). */
  children?: ReactNode;
  compact?: boolean;
}

/** The premium lock of the terminal's instrument analysis: shown instead of analysis to visitors without a subscription. */
export function LockedPanel({ title, message, children, compact = false }: LockedPanelProps) {
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
