// The one entitlement decision: for a viewer and an item, what of it the viewer may read. Every
// door that hands out a signal, its events, a memo, a chart note, a notification or a record row
// asks this module, so a room's paid content reaches exactly the people holding that room.

/**
 * The rooms a viewer holds and until when: room slug → the end of the latest grant covering it
 * (ISO time), or null when a grant covering it has no end. Built from the user's access grants.
 */
export type RoomAccess = Readonly<Record<string, string | null>>;

export interface AccessViewer {
  isAdmin: boolean;
  /** Any active grant (the spec's meaning); rooms are in `access`. */
  hasActiveSubscription: boolean;
  access: RoomAccess;
}

/**
 * full: everything; locked: that it exists, what it is about and when it was published, nothing
 * more; hidden: nothing at all.
 */
export type Entitlement = 'full' | 'locked' | 'hidden';

/** Whether the viewer holds the room now (administrators hold every room). */
export function holdsRoom(viewer: AccessViewer | null, room: string, now: number = Date.now()): boolean {
  if (viewer === null) return false;
  if (viewer.isAdmin) return true;
  if (!Object.hasOwn(viewer.access, room)) return false;
  const until = viewer.access[room];
  return until === null || until === undefined || Date.parse(until) > now;
}

/** The rooms the viewer holds now, sorted (a key for projections shared by viewers alike). */
export function heldRooms(viewer: AccessViewer | null, now: number = Date.now()): string[] {
  if (viewer === null) return [];
  return Object.keys(viewer.access)
    .filter((room) => holdsRoom({ ...viewer, isAdmin: false }, room, now))
    .sort();
}

/**
 * The decision for an item of a room: an item for everyone (room null) or a finished one (a closed
 * signal is part of the public record) is read in full; an open item in full by whoever holds its
 * room, locked for everyone else.
 */
export function entitlementFor(
  viewer: AccessViewer | null,
  item: { room: string | null; open: boolean },
  now: number = Date.now(),
): Exclude<Entitlement, 'hidden'> {
  if (item.room === null || !item.open) return 'full';
  return holdsRoom(viewer, item.room, now) ? 'full' : 'locked';
}

/** A viewer class: who sees what of a list is the same for two viewers of one class. */
export function accessClass(viewer: AccessViewer | null, now: number = Date.now()): string {
  if (viewer === null) return '';
  if (viewer.isAdmin) return '*';
  return heldRooms(viewer, now).join(',');
}

/** The folded access of a user row's `access_rooms` (anything else reads as no room). */
export function parseRoomAccess(value: unknown): RoomAccess {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string | null> = {};
  for (const [room, until] of Object.entries(raw as Record<string, unknown>)) {
    if (until === null) out[room] = null;
    else if (typeof until === 'string' && !Number.isNaN(Date.parse(until))) out[room] = until;
  }
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
