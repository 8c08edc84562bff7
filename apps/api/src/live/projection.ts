import { holdsRoom, seesSignalLevels, type Signal } from '@t0/contracts';
import type { Audience, LiveMessage, LiveViewer, StoredEvent } from '@t0/server';

/** Whether the event's audience takes in this viewer. */
export function audienceIncludes(audience: Audience | string, viewer: LiveViewer): boolean {
  if (audience === 'all') return true;
  if (audience === 'subscribers') return viewer.isAdmin || viewer.hasActiveSubscription;
  if (audience === 'admins') return viewer.isAdmin;
  if (audience.startsWith('user:')) return Number(audience.slice(5)) === viewer.id;
  if (audience.startsWith('room:')) return holdsRoom(viewer, audience.slice(5));
  return false;
}

const SIGNAL_TYPES = new Set(['signal.created', 'signal.updated']);

/**
 * The message a viewer gets for an event, or null for none. A signal event goes whole to a viewer
 * the entitlement decision lets read the signal (its room's holders, administrators, everyone once
 * it finished); a viewer for whom it is locked gets nothing about it while it is open (not its
 * publication, not its status changes, not their times: each would tell when a level was reached).
 * Anything else goes as stored. One message per event and class of viewer, built once per process
 * and shared by every stream (and its serialised frame with it, see frames.ts).
 */
export function projectEvent(event: StoredEvent, viewer: LiveViewer): LiveMessage | null {
  if (!SIGNAL_TYPES.has(event.type)) return plain.get(event) ?? keepPlain(event);
  const signal = event.payload as Signal;
  if (!seesSignalLevels(viewer, signal)) return null;
  // Everyone who reads it reads the same whole signal: one message for all.
  return plain.get(event) ?? keepPlain(event);
}

function keepPlain(event: StoredEvent): LiveMessage {
  const message: LiveMessage = {
    id: String(event.id),
    type: event.type,
    data: SIGNAL_TYPES.has(event.type) ? { ...(event.payload as Signal), locked: false } : event.payload,
  };
  plain.set(event, message);
  return message;
}

const plain = new WeakMap<StoredEvent, LiveMessage>();
