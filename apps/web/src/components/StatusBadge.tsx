import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties } from 'react';

const colours: Record<string, string> = {
  active: 'var(--t0-up)',
  limit: 'light-dark(var(--mantine-color-grape-9), var(--mantine-color-grape-4))',
  paused: 'var(--t0-warn)',
  closed: 'var(--t0-muted)',
  cancelled: 'var(--t0-muted)',
  withdrawn: 'var(--t0-warn)',
};

/** Each status code's word in the terminal's catalogue (`open` is a locked signal's). */
const STATUS_KEYS: Record<string, string> = {
  active: 'terminal:status.active',
  limit: 'terminal:status.limit',
  paused: 'terminal:status.paused',
  closed: 'terminal:status.closed',
  cancelled: 'terminal:status.cancelled',
  withdrawn: 'terminal:status.withdrawn',
  open: 'terminal:status.open',
};

/** A lookup of the reader's words (the terminal's `t`). */
export type BadgeWords = (key: string) => string;

/**
 * A signal's status as a word: from `t` when given (the terminal, in the reader's language), else
 * the code in capitals (English: the console). An unknown code in capitals either way.
 */
export function statusWord(status: string, t?: BadgeWords): string {
  const key = status.trim().toLowerCase();
  const wordKey = STATUS_KEYS[key];
  if (t && wordKey) return t(wordKey);
  return key.toUpperCase() || 'UNKNOWN';
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: string;
  /** The reader's words (the terminal's `t`); without it the badge is in English, as in the console. */
  t?: BadgeWords;
}

/** A signal's status in capitals: ACTIVE green, LIMIT purple, PAUSED amber, CLOSED and CANCELLED grey, WITHDRAWN amber. */
export function StatusBadge({ status, t, size = 'sm', ...props }: StatusBadgeProps) {
  const key = status.trim().toLowerCase();
  const color = colours[key] ?? 'var(--t0-info)';
  return (
    <Badge
      variant="dot"
      size={size}
      radius="xs"
      styles={{
        root: { color, borderColor: 'var(--t0-border)', fontFamily: 'var(--t0-font-mono)', letterSpacing: '0.06em' },
        // A status is never cut short: a narrow table gives the room to the columns that wrap.
        label: { overflow: 'visible' },
      }}
      style={{ '--badge-dot-color': color } as CSSProperties}
      data-status={key}
      {...props}
    >
      {statusWord(status, t)}
    </Badge>
  );
}
