import { describe, expect, it } from 'vitest';
import { DELIVERY_EVENTS } from '../delivery/delivery';
import {
  DELIVERED_EVENTS,
  DOMAIN_EVENT_TYPES,
  EVENT_VIEWS,
  NOTIFIED_SIGNAL_EVENT_TYPES,
  deliveryViewOf,
  liveViewOf,
  signalDeliveryEvent,
  type DomainEventType,
  type EventViews,
} from './events';
import { SIGNAL_EVENT_TYPES } from '../signals/signal-outcome';
import { LIVE_EVENT_TYPES } from '../../schemas/live/live-events';

// The type-level half of this file is checked by `tsc` (the package's typecheck), not by vitest:
// each `@ts-expect-error` below must meet an error, or the typecheck fails.

describe('one event vocabulary', () => {
  it('an unhandled event type fails the typecheck', () => {
    // A table of views that forgets one type is not a table of views.
    const { 'signal.deleted': _forgotten, ...incomplete } = EVENT_VIEWS;
    // @ts-expect-error 'signal.deleted' has no views
    const views: Record<DomainEventType, EventViews> = incomplete;
    // A new type added to the union (a new stored signal event, say) without its views.
    type Grown = DomainEventType | 'signal.reopened';
    // @ts-expect-error 'signal.reopened' has no views
    const grown: Record<Grown, EventViews> = EVENT_VIEWS;
    // A view outside its vocabulary.
    // @ts-expect-error 'signal.moved' is not a live event
    const wrong: EventViews = { live: 'signal.moved', delivery: null, notified: false };
    expect([views, grown, wrong].length).toBe(3);
  });

  it('covers every stored signal event, and each view names only its own vocabulary', () => {
    for (const t of SIGNAL_EVENT_TYPES) expect(DOMAIN_EVENT_TYPES).toContain(`signal.${t}`);
    for (const t of DOMAIN_EVENT_TYPES) {
      const live = liveViewOf(t);
      if (live !== null) expect(LIVE_EVENT_TYPES).toContain(live);
      const delivery = deliveryViewOf(t);
      if (delivery !== null) expect(DELIVERY_EVENTS).toContain(delivery);
    }
    // Every row of the profile's channel matrix is fed by some event.
    expect([...DELIVERED_EVENTS].sort()).toEqual([...DELIVERY_EVENTS].sort());
  });

  it('keeps the mappings the four switches made', () => {
    expect(signalDeliveryEvent('created')).toBe('published');
    expect(signalDeliveryEvent('cancelled')).toBe('withdrawn');
    expect(signalDeliveryEvent('closed')).toBe('closed');
    expect(signalDeliveryEvent('edited')).toBeNull();
    expect(signalDeliveryEvent('deleted')).toBeNull();
    expect(signalDeliveryEvent('nonsense')).toBeNull();
    expect(NOTIFIED_SIGNAL_EVENT_TYPES).toEqual([
      'activated',
      't0_hit',
      'partial_closed',
      'stop_moved',
      'closed',
      'cancelled',
      'withdrawn',
    ]);
    expect(liveViewOf('signal.created')).toBe('signal.created');
    expect(liveViewOf('signal.closed')).toBe('signal.updated');
    expect(liveViewOf('signal.deleted')).toBe('signal.deleted');
  });
});
