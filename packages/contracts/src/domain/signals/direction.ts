import { INSTRUMENTS } from '../common/constants';
import { normalizeDirection } from './signals';

// The LONG / SHORT / SIGNAL label of a notification, used by the terminal's popover and
// the admin console: keywords in the title and message first (LONG checked first), then the
// nearest-in-time signal of the instrument the notification names, otherwise SIGNAL.

export type NotificationDirection = 'LONG' | 'SHORT' | 'SIGNAL';

export const LONG_KEYWORDS = ['long', 'buy', 'bullish', 'call', 'up', 'rise'] as const;
export const SHORT_KEYWORDS = ['short', 'sell', 'bearish', 'put', 'down', 'fall'] as const;
/** Instruments whose nearest signal decides a notification without a keyword. */
export const DIRECTION_FALLBACK_INSTRUMENTS = ['AUDUSD', 'GBPJPY', 'US30'] as const;

const wordPattern = (words: readonly string[]) => new RegExp(`(?:^|[^a-z0-9])(?:${words.join('|')})(?![a-z0-9])`, 'i');
const LONG_RE = wordPattern(LONG_KEYWORDS);
const SHORT_RE = wordPattern(SHORT_KEYWORDS);

/** Whole-word keyword match: "update" is not "up", "shortly" is not "short". */
export function keywordDirection(text: string): 'LONG' | 'SHORT' | null {
  if (LONG_RE.test(text)) return 'LONG';
  if (SHORT_RE.test(text)) return 'SHORT';
  return null;
}

/** The instruments a text names, in any spelling ("AUDUSD", "AUD/USD", "us30"). */
export function instrumentsMentioned(text: string, among: readonly string[] = INSTRUMENTS): string[] {
  const squashed = text.toUpperCase().replace(/([A-Z]{3})\s*\/\s*([A-Z]{3})/g, '$1$2');
  return among.filter((i) => new RegExp(`(?:^|[^A-Z0-9])${i}(?![A-Z0-9])`).test(squashed));
}

/** The first fallback instrument (AUDUSD, GBPJPY, US30) a text names, or null. */
export function mentionedInstrument(text: string): string | null {
  return instrumentsMentioned(text, DIRECTION_FALLBACK_INSTRUMENTS)[0] ?? null;
}

export interface DirectionNotification {
  title: string;
  message: string;
  createdAt: string | Date;
}

export interface DirectionSignal {
  instrument: string;
  direction: string | null;
  createdAt: string | Date;
}

export function inferNotificationDirection(
  notification: DirectionNotification,
  signals: readonly DirectionSignal[] = [],
): NotificationDirection {
  const text = `${notification.title ?? ''} ${notification.message ?? ''}`;
  const byKeyword = keywordDirection(text);
  if (byKeyword) return byKeyword;

  const instrument = mentionedInstrument(text);
  if (!instrument) return 'SIGNAL';
  const at = new Date(notification.createdAt).getTime();
  let nearest: DirectionSignal | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (const s of signals) {
    // A locked signal's direction is withheld: it tells nothing.
    if (s.direction === null || s.instrument.toUpperCase() !== instrument) continue;
    const distance = Math.abs(new Date(s.createdAt).getTime() - at);
    if (Number.isNaN(distance)) continue;
    if (distance < best) {
      best = distance;
      nearest = s;
    }
  }
  if (!nearest || nearest.direction === null) return 'SIGNAL';
  return normalizeDirection(nearest.direction) === 'short' ? 'SHORT' : 'LONG';
}
