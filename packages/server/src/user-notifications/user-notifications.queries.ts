import { entitlementFor, type AccessViewer } from '@t0/contracts/domain/access/access';
import { FINISHED_SIGNAL_STATUSES, LOCKED_NOTICE } from '@t0/contracts/domain/signals/signal-access';
import type { Db } from '@t0/db';
import { CompiledQuery, sql } from 'kysely';
import type { UserNotification } from '@t0/contracts/schemas/notifications/notifications';

/** The most items one list answers (the newest). */
export const USER_NOTIFICATIONS_LIST_MAX = 500;

// Two kinds of item (see the migration 20261127000200_broadcasts_stored_once):
//   a broadcast  one `notifications` row with an `item_id`, seen by every user (also one who
//                registers later); a `notification_reads` row per user who has read it;
//   targeted     one `user_notifications` row per recipient, with its read flag.
// Item ids come from one sequence, so an id names one item of either kind.

/** Every user's item of each broadcast, with this user's read state. */
function broadcastItems(db: Db, userId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('notificationReads as r', (j) => j.onRef('r.notificationId', '=', 'n.id').on('r.userId', '=', userId))
    .where('n.itemId', 'is not', null)
    .select([
      sql<number>`n.item_id`.as('id'),
      sql<boolean>`r.user_id is not null`.as('isRead'),
      'r.readAt',
      sql<Date>`coalesce(n.delivered_at, n.created_at)`.as('deliveredAt'),
      'n.id as notificationId',
      'n.type',
      'n.priority',
      'n.title',
      'n.message',
      'n.room',
      'n.signalId',
    ]);
}

function targetedItems(db: Db) {
  return db
    .selectFrom('userNotifications as un')
    .innerJoin('notifications as n', 'n.id', 'un.notificationId')
    .select([
      'un.id',
      'un.isRead',
      'un.readAt',
      'un.createdAt as deliveredAt',
      'n.id as notificationId',
      'n.type',
      'n.priority',
      'n.title',
      'n.message',
      'n.room',
      'n.signalId',
    ]);
}

interface ItemRow {
  id: number;
  isRead: boolean;
  readAt: Date | null;
  deliveredAt: Date;
  notificationId: number;
  type: string;
  priority: string;
  title: string;
  message: string;
  room: string | null;
  signalId: number | null;
}

/**
 * One item of a user's notification list; the notification's time is when it reached the user. A notice about a
 * signal that is still open, of a room the viewer does not hold now (a lapsed subscriber, another
 * room's member, a session short of its second factor), shows a placeholder instead of its title
 * and message: they carry the levels. `openSignals` are the ids of the signals open now.
 */
export function toUserNotification(
  row: ItemRow,
  viewer: AccessViewer,
  openSignals: ReadonlySet<number>,
): UserNotification {
  const open = row.signalId !== null && openSignals.has(row.signalId);
  const locked = row.room !== null && entitlementFor(viewer, { room: row.room, open }) === 'locked';
  return {
    id: row.id,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    notification: {
      id: row.notificationId,
      type: row.type,
      priority: row.priority,
      title: locked ? LOCKED_NOTICE.title : row.title,
      message: locked ? LOCKED_NOTICE.message : row.message,
      createdAt: row.deliveredAt.toISOString(),
      ...(locked ? { locked: true } : {}),
    },
  };
}

/** The ids of the signals open now among these (notices of the rest read whole). */
export async function openSignalIds(db: Db, ids: readonly (number | null)[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('signals')
    .select('id')
    .where('id', 'in', wanted)
    .where('status', 'not in', [...FINISHED_SIGNAL_STATUSES])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Newest first. */
export function listUserNotifications(db: Db, userId: number): Promise<ItemRow[]> {
  const targeted = targetedItems(db).where('un.userId', '=', userId);
  return db
    .selectFrom(targeted.unionAll(broadcastItems(db, userId)).as('i'))
    .selectAll()
    .orderBy('deliveredAt', 'desc')
    .orderBy('id', 'desc')
    .limit(USER_NOTIFICATIONS_LIST_MAX)
    .execute();
}

/** One of the user's items by its id, of either kind. */
async function findItem(db: Db, userId: number, id: number): Promise<ItemRow | undefined> {
  return (
    (await targetedItems(db).where('un.userId', '=', userId).where('un.id', '=', id).executeTakeFirst()) ??
    (await broadcastItems(db, userId).where('n.itemId', '=', id).executeTakeFirst())
  );
}

// Polled every 5 s by every signed-in tab (kept per process, see HotReads): compiled once, not
// per call (see bench/). The user's unread targeted rows, plus every broadcast less the ones they
// have read: index reads whose cost does not grow with the number of users.
const UNREAD_COUNT_SQL = `select (
    (select count(*) from user_notifications where user_id = $1 and not is_read)
  + (select count(*) from notifications where item_id is not null)
  - (select count(*) from notification_reads r join notifications n on n.id = r.notification_id
     where r.user_id = $1 and n.item_id is not null)
  )::int as count`;

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const { rows } = await db.executeQuery<{ count: number }>(CompiledQuery.raw(UNREAD_COUNT_SQL, [userId]));
  return rows[0]?.count ?? 0;
}

/**
 * Several users' unread counts in one query (a broadcast's connected receivers: one array
 * parameter, not one per user); a user without unread items is answered 0. Counts exactly as
 * `unreadCount`. The answer is one row per distinct count with its users as an array: after a
 * broadcast most receivers share a few counts, so 10,000 receivers come back as a handful of rows
 * instead of 10,000 row objects to parse.
 */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const { rows } = await db.executeQuery<{ count: number; uids: number[] }>(
    CompiledQuery.raw(UNREAD_COUNTS_SQL, [`{${userIds.map((id) => Math.trunc(id)).join(',')}}`]),
  );
  for (const r of rows) {
    const count = Number(r.count);
    for (const uid of r.uids) counts.set(Number(uid), count);
  }
  return counts;
}
const UNREAD_COUNTS_SQL = `with ids as (select distinct unnest($1::int[]) as uid),
  broadcasts as (select count(*) as n from notifications where item_id is not null),
  targeted as (select user_id as uid, count(*) as n from user_notifications
    where user_id = any($1::int[]) and not is_read group by user_id),
  reads as (select r.user_id as uid, count(*) as n from notification_reads r join notifications n on n.id = r.notification_id
    where r.user_id = any($1::int[]) and n.item_id is not null group by r.user_id),
  counted as (select ids.uid, (coalesce(t.n, 0) + b.n - coalesce(rd.n, 0))::int as count
    from ids cross join broadcasts b left join targeted t on t.uid = ids.uid left join reads rd on rd.uid = ids.uid)
  select count, array_agg(uid) as uids from counted group by count`;

/** Marks one of the user's items read or unread; undefined when the item is not theirs. */
export async function setRead(db: Db, userId: number, id: number, isRead: boolean): Promise<ItemRow | undefined> {
  const updated = await db
    .updateTable('userNotifications')
    .set({ isRead, readAt: isRead ? sql<Date>`coalesce(read_at, now())` : null })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (updated) return findItem(db, userId, id);
  const broadcast = await db.selectFrom('notifications').select('id').where('itemId', '=', id).executeTakeFirst();
  if (!broadcast) return undefined;
  if (isRead) {
    await db
      .insertInto('notificationReads')
      .values({ userId, notificationId: broadcast.id })
      .onConflict((oc) => oc.columns(['userId', 'notificationId']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('notificationReads')
      .where('userId', '=', userId)
      .where('notificationId', '=', broadcast.id)
      .execute();
  }
  return findItem(db, userId, id);
}

/** Answers how many items changed. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const targeted = await db
    .updateTable('userNotifications')
    .set({ isRead: true, readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirst();
  const broadcasts = await db
    .insertInto('notificationReads')
    .columns(['userId', 'notificationId'])
    .expression((eb) =>
      eb
        .selectFrom('notifications as n')
        .select([sql<number>`${userId}::int`.as('userId'), 'n.id'])
        .where('n.itemId', 'is not', null)
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('notificationReads as r')
                .select('r.userId')
                .whereRef('r.notificationId', '=', 'n.id')
                .where('r.userId', '=', userId),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['userId', 'notificationId']).doNothing())
    .executeTakeFirst();
  return Number(targeted.numUpdatedRows) + Number(broadcasts.numInsertedOrUpdatedRows ?? 0n);
}
