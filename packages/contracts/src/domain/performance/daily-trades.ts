import { dayInZone } from '../common/time-zone';

// The trading config's "max daily trades" shown as a counter of today's signals: the
// terminal executes nothing, so the honest reading of the setting is how many of today's signals
// the trader means to take.

/** How many signals were published on the reader's current calendar day. */
export function signalsToday(
  signals: readonly { createdAt: string | Date }[],
  zone: string,
  now: Date = new Date(),
): number {
  const today = dayInZone(now, zone);
  return signals.filter((s) => dayInZone(s.createdAt, zone) === today).length;
}

export type DailyTradesState = 'open' | 'reached' | 'over';

/** Under the limit, at it, or past it (a limit of 0 or an unreadable one counts as no limit). */
export function dailyTradesState(count: number, max: number | string): DailyTradesState {
  const limit = Number(max);
  if (!Number.isFinite(limit) || limit <= 0) return 'open';
  if (count < limit) return 'open';
  return count === limit ? 'reached' : 'over';
}
