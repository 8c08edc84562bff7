// The live stream's event names (one stream per tab: tRPC subscription `live.events` and
// GET /api/stream for scripts). Each is written once to the `events` table with its audience.

export const LIVE_EVENT_TYPES = [
  /** A published signal, as GET /api/signals answers it for the viewer. */
  'signal.created',
  'signal.updated',
  /** `{ id }` */
  'signal.deleted',
  /** The viewer's new notification item. */
  'notification.created',
  /** `{ alert, price, firedAt }`: one of the viewer's own price alerts fired. */
  'price_alert.fired',
  /** `{ count }`: the viewer's unread count changed (also from another tab or device). */
  'unread.changed',
  /** `{ prices, source, updatedAt }`: each server refresh of the live prices. */
  'prices',
  /** `{ kind }`: a list changed; the app refetches it. */
  'content.changed',
  /** The account changed (subscription, administrator flag). */
  'account.changed',
  /** Signed out elsewhere or the password changed: the stream closes. */
  'session.ended',
  /** A message of a desk thread, to the subscriber and the desk (`{ message }`); also a read receipt (`{ read }`). */
  'message.changed',
  /** The stream cannot replay what was missed: refetch everything. */
  'resync',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** What `content.changed` names (`candles`: the server stored a history the charts did not have). */
export const CONTENT_KINDS = ['memo', 'chart-note', 'blog', 'resource', 'candles'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
