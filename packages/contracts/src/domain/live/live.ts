import { compareSignals } from '../signals/signals';
import { CONTENT_KINDS, LIVE_EVENT_TYPES, type ContentKind, type LiveEventType } from '../../schemas/live/live-events';

// Pure rules of the web app's live stream: what one event does to the cached data, how the
// connection's state is named, and when the polling of the spec comes back.

/**
 * The stream's state as the terminal header names it. `connecting`: the first connection of this
 * page; `live`: the stream is up; `reconnecting`: it dropped and is being reopened; `polling`: it
 * has been down longer than {@link LIVE_RECONNECT_GRACE_MS} (or the server refuses it), so the
 * spec's polling intervals run until it is back.
 */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'polling';

/** How long a dropped stream shows RECONNECTING before the header says POLLING. */
export const LIVE_RECONNECT_GRACE_MS = 10_000;
/** The server pings at least every 15 s: a stream silent this long is taken as dead and reopened. */
export const LIVE_SILENCE_MS = 40_000;
/** Reopening after an error or an end: first delay, doubled up to the last. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;
/** How long a new signal's row stays highlighted. */
export const LIVE_HIGHLIGHT_MS = 6_000;
/** Round-trip samples kept; the header shows their median. */
export const LIVE_RTT_SAMPLES = 5;

export const LIVE_CONNECTION_LABELS: Record<LiveConnection, string> = {
  connecting: 'CONNECTING',
  live: 'LIVE',
  reconnecting: 'RECONNECTING',
  polling: 'POLLING',
};

/** What the transport reports (tRPC's connection states) and since when it has been down. */
export interface LiveTransport {
  /** `pending`: connected and receiving; `connecting`: opening or reopening; `idle`: not open. */
  state: 'idle' | 'connecting' | 'pending';
  /** The stream was up at least once in this page. */
  everConnected: boolean;
  /** When the stream was last seen up (ms), or when this page started trying. */
  downSince: number;
  now: number;
  /** The server refused the stream for good (no such procedure, over its cap): poll at once. */
  refused?: boolean;
}

export function liveConnection(t: LiveTransport): LiveConnection {
  if (t.state === 'pending') return 'live';
  if (t.refused) return 'polling';
  if (t.now - t.downSince >= LIVE_RECONNECT_GRACE_MS) return 'polling';
  return t.everConnected ? 'reconnecting' : 'connecting';
}

/**
 * A query's `refetchInterval`: none while the stream is up (it pushes every change), the spec's
 * interval otherwise.
 */
export function livePollInterval(connection: LiveConnection, specMs: number): number | false {
  return connection === 'live' ? false : specMs;
}

/** The delay before the `attempt`-th reopening (1-based). */
export function liveRetryDelay(attempt: number): number {
  return Math.min(LIVE_RETRY_MIN_MS * 2 ** Math.max(0, attempt - 1), LIVE_RETRY_MAX_MS);
}

/** The median of the kept round-trip samples, rounded, or null without any. */
export function medianRtt(samples: readonly number[]): number | null {
  const list = samples.filter((s) => Number.isFinite(s) && s >= 0).sort((a, b) => a - b);
  if (list.length === 0) return null;
  const mid = Math.floor(list.length / 2);
  const value = list.length % 2 ? list[mid]! : (list[mid - 1]! + list[mid]!) / 2;
  return Math.round(value);
}

/** Adds a sample, keeping the last {@link LIVE_RTT_SAMPLES}. */
export function addRttSample(samples: readonly number[], ms: number): number[] {
  if (!Number.isFinite(ms) || ms < 0) return [...samples];
  return [...samples, ms].slice(-LIVE_RTT_SAMPLES);
}

export interface LiveEvent {
  /** The event's id (`tracked()`); resuming with it replays what came after. */
  id: string | null;
  type: LiveEventType;
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one value of the subscription (`tracked(id, { type, data })`, which arrives as
 * `{ id, data: { type, data } }`, or the bare `{ type, data }`). Null for anything else.
 */
export function parseLiveEvent(value: unknown): LiveEvent | null {
  if (!isObject(value)) return null;
  const tracked = typeof value.id === 'string' && isObject(value.data) && 'type' in value.data;
  const body = tracked ? (value.data as Record<string, unknown>) : value;
  const type = body.type;
  if (typeof type !== 'string' || !(LIVE_EVENT_TYPES as readonly string[]).includes(type)) return null;
  return { id: tracked ? (value.id as string) : null, type: type as LiveEventType, data: body.data ?? {} };
}

/** What an event does to the app's cached data. */
export type LiveCacheAction =
  | { kind: 'signal.upsert'; signal: { id: number } & Record<string, unknown>; created: boolean }
  | { kind: 'signal.remove'; id: number }
  | { kind: 'notification.add'; item: { id: number; isRead: boolean } & Record<string, unknown> }
  /** A notification delivered to many (`{ notification }` without the viewer's item): one more unread, the list refetched. */
  | { kind: 'notification.new'; notificationId: number }
  | { kind: 'unread.set'; count: number }
  | { kind: 'prices.set'; prices: Record<string, unknown> }
  | { kind: 'content.invalidate'; content: ContentKind }
  | { kind: 'account.refetch' }
  /** One of the viewer's price alerts fired: say so, and refetch their alerts. */
  | { kind: 'price-alert.fired'; title: string; note: string; price: number }
  /** A desk thread changed (a message, a read receipt): the messages refetched. */
  | { kind: 'messages.invalidate' }
  | { kind: 'session.end' }
  | { kind: 'resync' }
  | { kind: 'ignore'; reason: string };

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The cache action for one event; a payload that does not have the expected shape refetches instead of guessing. */
export function liveCacheAction(event: Pick<LiveEvent, 'type' | 'data'>): LiveCacheAction {
  const data = event.data;
  switch (event.type) {
    case 'signal.created':
    case 'signal.updated':
      if (isObject(data) && positiveInt(data.id)) {
        return {
          kind: 'signal.upsert',
          signal: data as { id: number } & Record<string, unknown>,
          created: event.type === 'signal.created',
        };
      }
      return { kind: 'resync' };
    case 'signal.deleted':
      return isObject(data) && positiveInt(data.id) ? { kind: 'signal.remove', id: data.id } : { kind: 'resync' };
    case 'notification.created':
      if (isObject(data) && positiveInt(data.id) && typeof data.isRead === 'boolean' && isObject(data.notification)) {
        return { kind: 'notification.add', item: data as { id: number; isRead: boolean } & Record<string, unknown> };
      }
      if (isObject(data) && isObject(data.notification) && positiveInt(data.notification.id)) {
        return { kind: 'notification.new', notificationId: data.notification.id };
      }
      return { kind: 'resync' };
    case 'unread.changed':
      return isObject(data) && typeof data.count === 'number' && Number.isInteger(data.count) && data.count >= 0
        ? { kind: 'unread.set', count: data.count }
        : { kind: 'resync' };
    case 'prices': {
      if (!isObject(data) || !isObject(data.prices)) return { kind: 'ignore', reason: 'prices without a map' };
      // The map as GET /api/live-prices answers it: the symbols with the source and time beside them.
      const prices: Record<string, unknown> = { ...data.prices };
      if (typeof data.source === 'string') prices.source = data.source;
      if (data.updatedAt !== undefined) prices.updatedAt = data.updatedAt;
      return { kind: 'prices.set', prices };
    }
    case 'content.changed':
      return isObject(data) && typeof data.kind === 'string' && (CONTENT_KINDS as readonly string[]).includes(data.kind)
        ? { kind: 'content.invalidate', content: data.kind as ContentKind }
        : { kind: 'resync' };
    case 'account.changed':
      return { kind: 'account.refetch' };
    case 'price_alert.fired':
      return isObject(data) && typeof data.title === 'string' && typeof data.price === 'number'
        ? {
            kind: 'price-alert.fired',
            title: data.title,
            note: typeof data.note === 'string' ? data.note : '',
            price: data.price,
          }
        : { kind: 'ignore', reason: 'a price alert without its title' };
    case 'session.ended':
      return { kind: 'session.end' };
    case 'message.changed':
      return { kind: 'messages.invalidate' };
    case 'resync':
      return { kind: 'resync' };
  }
}

/** The signal list with one signal put in place (replaced by id, or added), in the table's order. */
export function upsertSignal<S extends { id: number; status: string; createdAt: string | Date }>(
  list: readonly S[] | undefined,
  signal: S,
): S[] {
  const rest = (list ?? []).filter((s) => s.id !== signal.id);
  return [...rest, signal].sort(compareSignals);
}

export function removeSignal<S extends { id: number }>(list: readonly S[] | undefined, id: number): S[] {
  return (list ?? []).filter((s) => s.id !== id);
}

/** The notification list with a new item first; an item already there is replaced, not repeated. */
export function prependNotification<N extends { id: number }>(list: readonly N[] | undefined, item: N): N[] {
  return [item, ...(list ?? []).filter((n) => n.id !== item.id)];
}
