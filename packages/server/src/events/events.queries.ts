import { parseRoomAccess, type RoomAccess } from '@t0/contracts/domain/access/access';
import type { Db, EventRow, SignalRow, UserRow } from '@t0/db';
import { sql } from 'kysely';
import type { LiveEventType } from '@t0/contracts/schemas/live/live-events';
import { queueCommunityAccessChange } from '../community/access';
import { toSignal } from '../signals/signals.queries';

/**
 * Who may receive an event: every signed-in user (`all`; role projections still apply per
 * viewer), subscribers and administrators, administrators, or one account.
 */
export type Audience = 'all' | 'subscribers' | 'admins' | `user:${number}` | `room:${string}`;

export const userAudience = (userId: number): Audience => `user:${userId}`;

/** The holders of one room now (and administrators): the entitlement decision at the stream. */
export const roomAudience = (room: string): Audience => `room:${room}`;

export interface NewEvent {
  type: LiveEventType;
  audience: Audience;
  payload: unknown;
}

export interface StoredEvent {
  id: number;
  type: LiveEventType;
  audience: Audience;
  payload: unknown;
  createdAt: Date;
}

const toStored = (row: EventRow): StoredEvent => ({
  id: Number(row.id),
  type: row.type as LiveEventType,
  audience: row.audience as Audience,
  payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  createdAt: row.createdAt,
});

/**
 * Records an event. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does; a trigger announces its id to every process at commit
 * (`e:<id>` on `t0_changes`). Answers the event's id.
 */
export async function emitEvent(db: Db, event: NewEvent): Promise<number> {
  const row = await db
    .insertInto('events')
    .values({ type: event.type, audience: event.audience, payload: JSON.stringify(event.payload ?? {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * `account.changed` to the user's streams when a role fact changed between two versions of the
 * user's row (subscription activated or ended, administrator flag): each stream re-reads the
 * viewer and the app refetches the account. Call it in the transaction that changed the row.
 * The community's follow-up (the chats and roles of the rooms gained and lost) is queued in the
 * same transaction.
 */
export async function announceAccountChange(
  db: Db,
  before: Pick<UserRow, 'id' | 'hasActiveSubscription' | 'isAdmin' | 'accessRooms'>,
  after: Pick<UserRow, 'hasActiveSubscription' | 'isAdmin' | 'accessRooms'>,
): Promise<void> {
  const subscription = before.hasActiveSubscription !== after.hasActiveSubscription;
  const admin = before.isAdmin !== after.isAdmin;
  const rooms = !sameRoomAccess(parseRoomAccess(before.accessRooms), parseRoomAccess(after.accessRooms));
  if (!subscription && !admin && !rooms) return;
  await queueCommunityAccessChange(db, before.id, before, after);
  await emitEvent(db, {
    type: 'account.changed',
    audience: userAudience(before.id),
    payload: {
      hasActiveSubscription: after.hasActiveSubscription,
      isAdmin: after.isAdmin,
      access: parseRoomAccess(after.accessRooms),
    },
  });
}

const sameRoomAccess = (a: RoomAccess, b: RoomAccess) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Drops `prices` events older than the one just written (`newestId`) by more than `keepMs`: only
 * the newest refresh matters to a client. Looks back over the last 10,000 events (an index range);
 * anything older goes with the daily prune.
 */
export async function pruneSupersededPrices(db: Db, newestId: number, keepMs: number): Promise<number> {
  const res = await db
    .deleteFrom('events')
    .where('id', '<', newestId)
    .where('id', '>', newestId - 10_000)
    .where('type', '=', 'prices')
    .where('createdAt', '<', sql<Date>`now() - ${`${Math.round(keepMs)} milliseconds`}::interval`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function findEvent(db: Db, id: number): Promise<StoredEvent | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/**
 * The visibility fence (migrations 20261215000000_outbox_and_event_fence and
 * 20261217000000_events_fence_bound). Ids come from a sequence, and two transactions can commit out
 * of id order: a reader that handed out 42 while 41 was still being written would never hand out 41.
 * A writer holds a transaction-scoped advisory lock named after each event id it takes (taken
 * together with the id, under a short position lock), so `t0_events_fence()` answers the lowest id
 * whose transaction has not ended, or, when none is in flight, one past the highest id handed out
 * so far. A reader asks it first, then reads, in a second statement (a new snapshot, taken after the
 * answer), only ids below it: every smaller id's transaction had ended before that snapshot, so it
 * is visible or gone for good (rolled back, pruned). An id taken after the fence was read is above
 * it, whatever order its transaction commits in. Only transactions that write events hold the fence
 * back, for as long as they run; any other transaction on the server (a long batch, a CREATE
 * DATABASE) does not, as it would with `pg_snapshot_xmin`. On PGlite (one connection) nothing is in
 * flight while the reader reads. An event held back is handed out by a later read. Call these with
 * the pool, never inside a transaction (its snapshot would be older than the fence).
 */
async function eventsFence(db: Db): Promise<number> {
  const { rows } = await sql<{ low: string | number }>`select t0_events_fence() as low`.execute(db);
  return Number(rows[0]!.low);
}

/**
 * Events after `afterId` that passed the fence, oldest first (a resumed stream's replay, the live
 * hub's reads): a reader that moves its position to the last one answered never skips an event.
 */
export async function listEventsAfter(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  const fence = await eventsFence(db);
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '>', afterId)
    .where('id', '<', fence)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toStored);
}

/** Whether any event after `afterId` is stored, fenced or not (a reader waiting on a held-back one). */
export async function hasEventsAfter(db: Db, afterId: number): Promise<boolean> {
  const row = await db.selectFrom('events').select('id').where('id', '>', afterId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The oldest kept event's id (a resume from before it cannot be replayed), or null. */
export async function oldestEventId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('events')
    .select(sql<number>`min(id)`.as('id'))
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** The newest event's id that passed the fence (everything before it may be handed out), or null. */
export async function newestEventId(db: Db): Promise<number | null> {
  const fence = await eventsFence(db);
  const row = await db
    .selectFrom('events')
    .select(sql<number>`max(id)`.as('id'))
    .where('id', '<', fence)
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** Deletes events older than `keepMs`; answers how many went. */
export async function pruneEvents(db: Db, keepMs: number): Promise<number> {
  const res = await db
    .deleteFrom('events')
    .where('createdAt', '<', new Date(Date.now() - keepMs))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * A signal was published or changed: the whole signal as the API answers it (each stream applies
 * its viewer's projection, `signalForViewer`, before sending). Call with the change's transaction.
 */
export function emitSignalChange(db: Db, type: 'signal.created' | 'signal.updated', row: SignalRow): Promise<number> {
  return emitEvent(db, { type, audience: 'all', payload: toSignal(row) });
}

/** A signal left the list (deleted as a draft or in error). */
export function emitSignalDeleted(db: Db, id: number): Promise<number> {
  return emitEvent(db, { type: 'signal.deleted', audience: 'all', payload: { id } });
}
