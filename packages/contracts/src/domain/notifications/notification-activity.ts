import { BADGE_CAP, POPOVER_NOTIFICATIONS, PROCESSED_ALERTS_MAX } from '../common/constants';
import { instrumentsMentioned } from '../signals/direction';

// Notification lists of the terminal's screens: the popover, the unread badge and the
// system-status page's ACTIVE and PROCESSED alerts.

export interface ActivityItem {
  id: number;
  isRead: boolean;
  notification: { title: string; message: string; priority?: string; createdAt: string | Date };
}

export interface ActivitySignal {
  instrument: string;
  status: string;
}

/** The unread badge: the count, capped at 99+; nothing when there is nothing unread. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

function activeInstruments(signals: readonly ActivitySignal[]): Set<string> {
  return new Set(
    signals.filter((s) => s.status.trim().toLowerCase() === 'active').map((s) => s.instrument.toUpperCase()),
  );
}

const newestFirst = (a: ActivityItem, b: ActivityItem) =>
  new Date(b.notification.createdAt).getTime() - new Date(a.notification.createdAt).getTime() || b.id - a.id;

/** True when a read item still concerns an instrument with an active signal. */
export function concernsActiveSignal(item: ActivityItem, active: ReadonlySet<string>): boolean {
  return instrumentsMentioned(`${item.notification.title} ${item.notification.message}`).some((i) => active.has(i));
}

/**
 * ACTIVE ALERTS: every unread item plus read items that concern an instrument with a still-active
 * signal. PROCESSED ALERTS: the other read items, at most 10. Both newest first.
 */
export function splitAlerts<T extends ActivityItem>(
  items: readonly T[],
  signals: readonly ActivitySignal[],
): { active: T[]; processed: T[] } {
  const liveInstruments = activeInstruments(signals);
  const sorted = [...items].sort(newestFirst);
  const active = sorted.filter((item) => !item.isRead || concernsActiveSignal(item, liveInstruments));
  const processed = sorted.filter((item) => item.isRead && !active.includes(item)).slice(0, PROCESSED_ALERTS_MAX);
  return { active, processed };
}

/** The popover's list: the newest 10, and the footer SHOWING 10 OF n NOTIFICATIONS when there are more. */
export function popoverItems<T extends ActivityItem>(items: readonly T[]): { shown: T[]; footer: string | null } {
  const shown = [...items].sort(newestFirst).slice(0, POPOVER_NOTIFICATIONS);
  const footer =
    items.length > POPOVER_NOTIFICATIONS ? `SHOWING ${POPOVER_NOTIFICATIONS} OF ${items.length} NOTIFICATIONS` : null;
  return { shown, footer };
}

/** Priority colour role: high (and critical) red, medium yellow, others blue. */
export function priorityTone(priority: string | null | undefined): 'high' | 'medium' | 'other' {
  const p = String(priority ?? '')
    .trim()
    .toLowerCase();
  if (p === 'high' || p === 'critical') return 'high';
  if (p === 'medium') return 'medium';
  return 'other';
}
