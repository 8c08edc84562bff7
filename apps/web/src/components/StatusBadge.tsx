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

export interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: string;
}

/** A signal's status in capitals: ACTIVE green, LIMIT purple, PAUSED amber, CLOSED and CANCELLED grey, WITHDRAWN amber. */
export function StatusBadge({ status, size = 'sm', ...props }: StatusBadgeProps) {
  const key = status.trim().toLowerCase();
  const color = colours[key] ?? 'var(--t0-info)';
  return (
    <Badge
      variant="dot"
      size={size}
      radius="xs"
      styles={{
        root: { color, borderColor: 'var(--t0-border)', fontFamily: 'var(--t0-font-mono)', letterSpacing: '0.06em' },
      }}
      style={{ '--badge-dot-color': color } as CSSProperties}
      data-status={key}
      {...props}
    >
      {key.toUpperCase() || 'UNKNOWN'}
    </Badge>
  );
}
