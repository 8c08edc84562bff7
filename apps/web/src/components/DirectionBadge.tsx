import { Badge, type BadgeProps } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconBolt, IconLock } from '@tabler/icons-react';
import type { BadgeWords } from './StatusBadge';

export type DirectionKind = 'LONG' | 'SHORT' | 'SIGNAL' | 'LOCKED';

/** LONG / SHORT from a stored direction in any case ("long", "Short"); SIGNAL when neither. */
export function directionKind(direction: string | null | undefined): DirectionKind {
  const d = String(direction ?? '')
    .trim()
    .toUpperCase();
  if (d === 'LONG' || d === 'SHORT') return d;
  return 'SIGNAL';
}

const look: Record<DirectionKind, { color: string; Icon: typeof IconBolt }> = {
  LONG: { color: 'var(--t0-up)', Icon: IconArrowUpRight },
  SHORT: { color: 'var(--t0-down)', Icon: IconArrowDownRight },
  SIGNAL: { color: 'var(--t0-info)', Icon: IconBolt },
  LOCKED: { color: 'var(--t0-muted)', Icon: IconLock },
};

/** Each kind's word in the terminal's catalogue. */
const DIRECTION_KEYS: Record<DirectionKind, string> = {
  LONG: 'terminal:direction.long',
  SHORT: 'terminal:direction.short',
  SIGNAL: 'terminal:direction.signal',
  LOCKED: 'terminal:direction.locked',
};

/** A direction kind as a word: from `t` when given (the reader's language), else the kind itself (English). */
export function directionWord(kind: DirectionKind, t?: BadgeWords): string {
  return t ? t(DIRECTION_KEYS[kind]) : kind;
}

export interface DirectionBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  direction: string | null | undefined;
  /** A locked signal: its direction is withheld until it closes. */
  locked?: boolean;
  /** The reader's words (the terminal's `t`); without it the badge is in English, as in the console. */
  t?: BadgeWords;
}

/** The trade direction in text and colour (never colour alone): LONG green, SHORT red, SIGNAL blue. */
export function DirectionBadge({ direction, locked = false, t, size = 'sm', ...props }: DirectionBadgeProps) {
  const kind = locked ? 'LOCKED' : directionKind(direction);
  const { color, Icon } = look[kind];
  return (
    <Badge
      variant="outline"
      size={size}
      radius="xs"
      leftSection={<Icon size={12} stroke={2.4} aria-hidden="true" />}
      styles={{
        root: { color, borderColor: color, fontFamily: 'var(--t0-font-mono)', letterSpacing: '0.06em' },
        // A direction is never cut short: a narrow table gives the room to the columns that wrap.
        label: { overflow: 'visible' },
      }}
      data-direction={kind}
      {...props}
    >
      {directionWord(kind, t)}
    </Badge>
  );
}
