import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n/language';
import { accessOf, isSubscribed } from '../../lib/gates';
import { ROOM_PARAM, usePlans } from './plans';

// The way from something locked to the plans that include it. An account without a plan goes to
// the plan choice (/subscribe: the plan, its price and ACTIVATE); an account holding other rooms
// goes to its billing, where its plan is managed (/subscribe would send it back to the terminal).

/** Where the upgrade goes for this account (for the room of what is locked, when known). */
export function upgradePath(subscribed: boolean, room?: string): string {
  const base = subscribed ? '/profile?section=billing' : '/subscribe';
  return room ? `${base}${subscribed ? '&' : '?'}${ROOM_PARAM}=${encodeURIComponent(room)}` : base;
}

export function useUpgradePath(room?: string): string {
  const { user } = useAuth();
  return upgradePath(isSubscribed(accessOf(user)), room);
}

/** Room slug → name, from the public plan list (a room no listed plan includes is shown by its slug). */
export function useRoomNames(): ReadonlyMap<string, string> {
  const plans = usePlans();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const plan of plans.data?.plans ?? []) for (const room of plan.rooms) names.set(room.slug, room.name);
    return names;
  }, [plans.data]);
}

/** A room's name, or its slug while the names are unknown. */
export function useRoomName(slug: string): string {
  return useRoomNames().get(slug) ?? slug;
}

export interface UpgradeButtonProps extends Omit<ButtonProps, 'children'> {
  /** What is locked, for the accessible name ("Upgrade to see US30"), in the language shown. */
  subject?: string;
  /** The room of what is locked: the plans that include it are offered first. */
  room?: string;
  testId?: string;
}

/**
 * UPGRADE: a link to the plan choice. Inside a clickable row it keeps the click to itself (the row
 * would open the signal's dialog).
 */
export function UpgradeButton({
  subject,
  room,
  testId = 'upgrade',
  size = 'compact-xs',
  ...props
}: UpgradeButtonProps) {
  const { t } = useT();
  const to = useUpgradePath(room);
  const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();
  return (
    <Button
      component={Link}
      to={to}
      size={size}
      variant="outline"
      color="amber"
      radius="xs"
      rightSection={<IconArrowUpRight size={12} aria-hidden="true" />}
      aria-label={subject ? t('auth:upgrade.see', { subject }) : t('auth:upgrade.label')}
      data-testid={testId}
      onClick={stop}
      onKeyDown={stop}
      styles={{ root: { fontFamily: 'var(--t0-font-mono)', letterSpacing: '0.06em', flexShrink: 0 } }}
      {...props}
    >
      {t('auth:upgrade.button')}
    </Button>
  );
}
