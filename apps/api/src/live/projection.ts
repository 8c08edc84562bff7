import { seesAllSignalLevels, signalForViewer, type Signal } from '@t0/contracts';
import type { Audience, LiveMessage, LiveViewer, StoredEvent } from '@t0/server';

/** Whether the event's audience takes in this viewer. */
export function audienceIncludes(audience: Audience | string, viewer: LiveViewer): boolean {
  if (audience === 'all') return true;
  if (audience === 'subscribers') return viewer.isAdmin || viewer.hasActiveSubscription;
  if (audience === 'admins') return viewer.isAdmin;
  if (audience.startsWith('user:')) return Number(audience.slice(5)) === viewer.id;
  return false;
}

const SIGNAL_TYPES = new Set(['signal.created', 'signal.updated']);

/**
 * The message a viewer gets for an event: a signal as `signalForViewer` projects it for their
 * role (a viewer without a subscription never receives an open signal's levels, memo or result),
 * anything else as stored. A viewer gets one of at most two variants per event, built once per
 * process and shared by every stream (and its serialised frame with it, see frames.ts).
 */
export function projectEvent(event: StoredEvent, viewer: LiveViewer): LiveMessage {
  let kept = variants.get(event);
  if (!kept) {
    kept = {};
    variants.set(event, kept);
  }
  if (!SIGNAL_TYPES.has(event.type))
    return (kept.plain ??= { id: String(event.id), type: event.type, data: event.payload });
  const signal = event.payload as Signal;
  if (seesAllSignalLevels(viewer))
    return (kept.full ??= { id: String(event.id), type: event.type, data: signalForViewer(signal, viewer) });
  return (kept.limited ??= { id: String(event.id), type: event.type, data: signalForViewer(signal, viewer) });
}

const variants = new WeakMap<StoredEvent, { plain?: LiveMessage; full?: LiveMessage; limited?: LiveMessage }>();
