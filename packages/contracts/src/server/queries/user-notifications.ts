import type { Database } from '@t0/db';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { UserNotification } from '../../schemas/notifications';

type Db = Kysely<Database>;

/** The most items one list answers (the newest). */
export const USER_NOTIFICATIONS_LIST_MAX = 500;

/**
 * A user who registers later still receives every global notification already delivered:
 * one set-based statement.
 */
export async function deliverGlobalNotificationsTo(db: Db, userId: number) {
  await sql`
    insert into user_notifications (user_id, notification_id, created_at)
    select ${userId}, n.id, coalesce(n.delivered_at, n.created_at) from notifications n
    where n.is_global and n.delivered_at is not null
    on conflict (user_id, notification_id) do nothing`.execute(db);
}

function itemQuery(db: Db) {
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
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

/** The item of spec 2 §3; the notification's time is when it reached the user. */
export function toUserNotification(row: ItemRow): UserNotification {
  return {
    id: row.id,
    isRead: row.isRead,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    notification: {
      id: row.notificationId,
      type: row.type,
      priority: row.priority,
      title: row.title,
      message: row.message,
      createdAt: row.deliveredAt.toISOString(),
    },
  };
}

/** Newest first. */
export function listUserNotifications(db: Db, userId: number) {
  return itemQuery(db)
    .where('un.userId', '=', userId)
    .orderBy('un.createdAt', 'desc')
    .orderBy('un.id', 'desc')
    .limit(USER_NOTIFICATIONS_LIST_MAX)
    .execute();
}

// Polled every 5 s by every signed-in tab: compiled once, not per call (see bench/).
const UNREAD_COUNT_SQL = 'select count(*)::int as count from user_notifications where user_id = $1 and not is_read';

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const { rows } = await db.executeQuery<{ count: number }>(CompiledQuery.raw(UNREAD_COUNT_SQL, [userId]));
  return rows[0]?.count ?? 0;
}

/**
 * Several users' unread counts in one query (a broadcast's connected receivers: one array
 * parameter, not one per user); a user without unread items is answered 0. Counts exactly as
 * `unreadCount`.
 */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const { rows } = await db.executeQuery<{ uid: number; count: number }>(
    CompiledQuery.raw(UNREAD_COUNTS_SQL, [`{${userIds.map((id) => Math.trunc(id)).join(',')}}`]),
  );
  for (const r of rows) counts.set(Number(r.uid), Number(r.count));
  return counts;
}
const UNREAD_COUNTS_SQL =
  'select user_id as uid, count(*)::int as count from user_notifications where user_id = any($1::int[]) and not is_read group by user_id';

/** Marks one of the user's items read or unread; undefined when the item is not theirs. */
export async function setRead(db: Db, userId: number, id: number, isRead: boolean) {
  const updated = await db
    .updateTable('userNotifications')
    .set({ isRead, readAt: isRead ? sql<Date>`coalesce(read_at, now())` : null })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return undefined;
  return itemQuery(db).where('un.id', '=', id).executeTakeFirst();
}

/** Answers how many items changed. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const res = await db
    .updateTable('userNotifications')
    .set({ isRead: true, readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
