import { Group, Paper, Text, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatTone = 'default' | 'up' | 'down' | 'warn' | 'info' | 'accent';

const toneColor: Record<StatTone, string | undefined> = {
  default: undefined,
  up: 'var(--t0-up)',
  down: 'var(--t0-down)',
  warn: 'var(--t0-warn)',
  info: 'var(--t0-info)',
  accent: 'var(--t0-accent)',
};

export interface StatCardProps extends Omit<PaperProps, 'children'> {
  label: string;
  value: ReactNode;
  /** A short line under the value. */
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
}

/** A labelled figure (ACTIVE SIGNALS 12, 10,000+ TRADERS …). */
export function StatCard({ label, value, hint, icon, tone = 'default', ...rest }: StatCardProps) {
  return (
    <Paper p="md" bg="var(--t0-surface-1)" bd="1px solid var(--t0-border)" {...rest}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text className="t0-label">{label}</Text>
        {icon && (
          <span aria-hidden style={{ color: toneColor[tone] ?? 'var(--t0-muted)', display: 'inline-flex' }}>
            {icon}
          </span>
        )}
      </Group>
      <Text className="t0-num" fz={{ base: 'xl', sm: '1.6rem' }} fw={700} mt={4} c={toneColor[tone]} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
