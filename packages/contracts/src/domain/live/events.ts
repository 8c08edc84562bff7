import type { ContentKind, LiveEventType } from '../../schemas/live/live-events';
import type { DeliveryEvent } from '../delivery/delivery';
import type { LifecycleEvent } from '../signals/signal-lifecycle';
import { SIGNAL_EVENT_TYPES, type SignalEventType } from '../signals/signal-outcome';

// The one event vocabulary. Every domain event the product speaks of is one member of
// `DomainEvent`; the other vocabularies are views of it, derived here by exhaustive tables:
//   - the live stream's event name (`LIVE_EVENT_TYPES`, what a tab receives),
//   - the delivery router's row (`DELIVERY_EVENTS`, the profile's channel matrix),
//   - whether it becomes an in-app notice (and the channels' message is worded from that notice).
// `SIGNAL_EVENT_TYPES` (the stored chain of a signal) is the signal part of this union, so a new
// stored event type, or any new member, has no views until one is written here: the
// `satisfies Record<DomainEventType, EventViews>` below then fails the typecheck (see events.test.ts).

/** A signal's chain event, as the union names it. */
export type SignalDomainEventType = `signal.${SignalEventType}`;

export type DomainEvent =
  | { type: SignalDomainEventType; signalId: number; instrument: string }
  /** An announcement (a notification to everyone, or to subscribers). */
  | { type: 'notification.broadcast'; notificationId: number; priority: string }
  /** A notification to one user or a few (not a broadcast, not a signal notice). */
  | { type: 'notification.targeted'; notificationId: number }
  | { type: 'unread.changed'; userId: number; count: number }
  /** One subscriber's own price alert fired (their in-app copy is the live event and the alert's history). */
  | { type: 'price_alert.fired'; userId: number; alertId: number }
  | { type: 'prices' }
  | { type: 'content.changed'; content: ContentKind }
  | { type: 'account.changed'; userId: number }
  | { type: 'session.ended'; userId: number }
  /** A message between the desk and a subscriber, or its read receipt. */
  | { type: 'message.changed'; userId: number }
  /** The desk's reply in a subscriber's thread, as their channels carry it (its live copy is `message.changed`). */
  | { type: 'message.from_desk'; userId: number; messageId: number };

export type DomainEventType = DomainEvent['type'];

export interface EventViews {
  /** The live stream's event for it; null: not streamed. */
  live: LiveEventType | null;
  /** The channel matrix's row that routes it to the channels; null: not delivered. */
  delivery: DeliveryEvent | null;
  /** Whether it becomes an in-app notice to subscribers (and an e-mail, when the router says so). */
  notified: boolean;
}

/**
 * Every domain event's views. Exhaustive by type: a member of `DomainEvent` missing here fails the
 * typecheck, and so does a view that names something outside its vocabulary.
 */
export const EVENT_VIEWS = {
  'signal.created': { live: 'signal.created', delivery: 'published', notified: false },
  'signal.edited': { live: 'signal.updated', delivery: null, notified: false },
  'signal.activated': { live: 'signal.updated', delivery: 'activated', notified: true },
  'signal.t0_hit': { live: 'signal.updated', delivery: 't0_hit', notified: true },
  'signal.stop_moved': { live: 'signal.updated', delivery: 'stop_moved', notified: true },
  // Part of the position closed at market by the desk: an in-app notice; no channel row of its own.
  'signal.partial_closed': { live: 'signal.updated', delivery: null, notified: true },
  'signal.closed': { live: 'signal.updated', delivery: 'closed', notified: true },
  // A limit order cancelled before it filled reaches the channels as a withdrawal.
  'signal.cancelled': { live: 'signal.updated', delivery: 'withdrawn', notified: true },
  'signal.withdrawn': { live: 'signal.updated', delivery: 'withdrawn', notified: true },
  'signal.deleted': { live: 'signal.deleted', delivery: null, notified: false },
  'notification.broadcast': { live: 'notification.created', delivery: 'broadcast', notified: true },
  'notification.targeted': { live: 'notification.created', delivery: null, notified: true },
  'unread.changed': { live: 'unread.changed', delivery: null, notified: false },
  'price_alert.fired': { live: 'price_alert.fired', delivery: 'price_alert', notified: false },
  prices: { live: 'prices', delivery: null, notified: false },
  'content.changed': { live: 'content.changed', delivery: null, notified: false },
  'account.changed': { live: 'account.changed', delivery: null, notified: false },
  'session.ended': { live: 'session.ended', delivery: null, notified: false },
  'message.changed': { live: 'message.changed', delivery: null, notified: false },
  'message.from_desk': { live: 'message.changed', delivery: 'desk_message', notified: false },
} as const satisfies Record<DomainEventType, EventViews>;

export const DOMAIN_EVENT_TYPES = Object.keys(EVENT_VIEWS) as DomainEventType[];

export const signalDomainType = (type: SignalEventType): SignalDomainEventType => `signal.${type}`;

export const isSignalEventType = (type: string): type is SignalEventType =>
  (SIGNAL_EVENT_TYPES as readonly string[]).includes(type);

/** The live stream's view of an event. */
export const liveViewOf = (type: DomainEventType): LiveEventType | null => EVENT_VIEWS[type].live;

/** The delivery router's view of an event (the matrix row), or null when no channel carries it. */
export const deliveryViewOf = (type: DomainEventType): DeliveryEvent | null => EVENT_VIEWS[type].delivery;

/** Whether the event becomes an in-app notice. */
export const isNotifiedEvent = (type: DomainEventType): boolean => EVENT_VIEWS[type].notified;

/** The delivery view of a stored signal event's type (`created` → `published`); null for an unknown or undelivered one. */
export function signalDeliveryEvent(type: string): DeliveryEvent | null {
  return isSignalEventType(type) ? deliveryViewOf(signalDomainType(type)) : null;
}

/** Stored signal events that become a notice to subscribers (derived from the views). */
export const NOTIFIED_SIGNAL_EVENT_TYPES: readonly SignalEventType[] = SIGNAL_EVENT_TYPES.filter((t) =>
  isNotifiedEvent(signalDomainType(t)),
);

/** Every delivery row some event feeds (a row no event feeds would be a switch nobody can use). */
export const DELIVERED_EVENTS: readonly DeliveryEvent[] = [
  ...new Set(DOMAIN_EVENT_TYPES.map(deliveryViewOf).filter((d): d is DeliveryEvent => d !== null)),
];

// The vocabularies kept beside the union must stay views of it; each line fails the typecheck when
// they drift apart.
type Holds<T extends true> = T;
type Viewed<K extends keyof EventViews> = Exclude<(typeof EVENT_VIEWS)[DomainEventType][K], null>;
/** Every transition of the lifecycle (`LifecycleEvent`) is stored as a signal event of the same name. */
export type LifecycleEventsAreStored = Holds<LifecycleEvent['type'] extends SignalEventType ? true : false>;
/** Every row of the profile's channel matrix is fed by some event. */
export type EveryDeliveryRowIsFed = Holds<DeliveryEvent extends Viewed<'delivery'> ? true : false>;
/** Every live stream event is some domain event's view, but `resync` (the stream's own). */
export type EveryLiveEventIsFed = Holds<Exclude<LiveEventType, 'resync'> extends Viewed<'live'> ? true : false>;
