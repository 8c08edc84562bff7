import type { Db, NotificationRow } from '@t0/db';
import { sql } from 'kysely';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '@t0/contracts/domain/notifications/notifications';
import type {
  Notification,
  NotificationCreate,
  NotificationStats,
  NotificationUpdate,
} from '@t0/contracts/schemas/notifications/notifications';
import { emitEvent, roomAudience } from '../events/events.queries';
import { provenAdminEmailSql } from '../auth/users.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    priority: row.priority,
    isGlobal: row.isGlobal,
    scheduledFor: iso(row.scheduledFor),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

export function listNotifications(db: Db) {
  return db.selectFrom('notifications').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export function findNotification(db: Db, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when a schedule lies in the future (a job delivers it then). */
export const isFutureSchedule = (scheduledFor: string | null | undefined, now = Date.now()) =>
  !!scheduledFor && new Date(scheduledFor).getTime() > now;

export function insertNotification(
  db: Db,
  input: NotificationCreate & { signalId?: number | null },
  createdBy: number | null,
) {
  return db
    .insertInto('notifications')
    .values({
      room: input.room ?? null,
      signalId: input.signalId ?? null,
      title: input.title,
      message: input.message,
      type: input.type,
      priority: input.priority,
      isGlobal: input.isGlobal,
      createdBy,
      scheduledFor: input.scheduledFor ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNotification(db: Db, input: NotificationUpdate) {
  const { id, scheduledFor, ...fields } = input;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) values[key] = value;
  let q = db.updateTable('notifications').where('id', '=', id);
  // Only a notification still waiting for its time can be rescheduled.
  if (scheduledFor !== undefined) {
    values.scheduledFor = sql`case when delivered_at is null then ${new Date(scheduledFor)}::timestamptz else scheduled_for end`;
  }
  if (Object.keys(values).length === 0) return findNotification(db, id);
  q = q.set(values);
  return q.returningAll().executeTakeFirst();
}

export async function deleteNotification(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Delivers a notification once it is due, in one set-based statement, and marks it delivered.
 * A global one (a broadcast) is stored once: it gets the item id every user sees it under, and no
 * per-user row (users' read state is written when they read it), so it costs the same for ten
 * users or a million. Any other reaches subscribers and administrators (the `isAdmin` flag or a
 * proven address in ADMIN_EMAILS) with one row each. Running it again after a delivered notification was
 * widened to global turns it into a broadcast (its recipients' read state kept); after one was
 * made targeted, it adds rows only where it had not reached everyone. Answers the number of new
 * per-user rows (0 for a broadcast), or null when the notification is unknown or not due yet.
 */
export async function deliverNotification(db: Db, id: number, adminEmails: readonly string[]): Promise<number | null> {
  const isListedAdmin = provenAdminEmailSql('u', adminEmails);
  const { rows } = await sql<{ delivered: number; found: boolean; n: unknown }>`
    with n as (
      update notifications
      set delivered_at = coalesce(delivered_at, now()),
        item_id = case when is_global and room is null then coalesce(item_id, nextval(pg_get_serial_sequence('user_notifications', 'id'))::int) else item_id end
      where id = ${id}
        and (delivered_at is not null or scheduled_for is null or scheduled_for <= now() + interval '1 second')
      returning id, is_global, item_id, room, delivered_at, type, priority, title, message, (delivered_at = now()) as fresh
    ), kept_reads as (
      insert into notification_reads (user_id, notification_id, read_at)
      select un.user_id, un.notification_id, coalesce(un.read_at, un.created_at)
      from user_notifications un join n on n.id = un.notification_id
      where n.item_id is not null and un.is_read
      on conflict (user_id, notification_id) do nothing
    ), folded as (
      delete from user_notifications un using n where un.notification_id = n.id and n.item_id is not null
    ), ins as (
      insert into user_notifications (user_id, notification_id, created_at)
      select u.id, (select id from n), (select delivered_at from n)
      from users u
      -- Decided once before any user is read: a broadcast never scans the users.
      where (select item_id is null from n) and (u.has_active_subscription or u.is_admin or ${isListedAdmin})
        -- A room's notice: its holders now (and administrators) only.
        and ((select room from n) is null or u.is_admin or ${isListedAdmin}
             or (u.access_rooms ? (select room from n)
                 and coalesce((u.access_rooms ->> (select room from n))::timestamptz > now(), true)))
      on conflict (user_id, notification_id) do nothing
      returning 1
    )
    select (select count(*) from ins)::int as delivered, exists(select 1 from n) as found,
      (select row_to_json(n) from n) as n`.execute(db);
  const row = rows[0];
  // Keys come camel-cased by the database's plugin (nested JSON too).
  const n = row?.n as
    | {
        id: number;
        isGlobal: boolean;
        itemId: number | null;
        room: string | null;
        deliveredAt: string;
        type: string;
        priority: string;
        title: string;
        message: string;
        fresh: boolean;
      }
    | null
    | undefined;
  if (n?.fresh) {
    // Its first delivery: every stream it concerns hears of it (the app adds it and counts it). A
    // broadcast's item is the same for everyone, so it goes whole (the app adds it without a
    // refetch); a targeted one's item ids differ per user, so only the notification goes.
    const notification = {
      id: n.id,
      type: n.type,
      priority: n.priority,
      title: n.title,
      message: n.message,
      createdAt: new Date(n.deliveredAt).toISOString(),
    };
    await emitEvent(db, {
      type: 'notification.created',
      audience: n.itemId !== null ? 'all' : n.room !== null ? roomAudience(n.room) : 'subscribers',
      payload: n.itemId !== null ? { id: n.itemId, isRead: false, readAt: null, notification } : { notification },
    });
  }
  return row?.found ? row.delivered : null;
}

/** Ids of scheduled notifications whose time has come but that were not delivered yet. */
export async function dueNotificationIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('deliveredAt', 'is', null)
    .where('scheduledFor', '<=', sql<Date>`now()`)
    .orderBy('scheduledFor')
    .execute();
  return rows.map((r) => r.id);
}

export async function notificationStats(db: Db): Promise<NotificationStats> {
  const [byType, byPriority, totals, deliveries, subscribers] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['type', sql<number>`count(*)::int`.as('n')])
      .groupBy('type')
      .execute(),
    db
      .selectFrom('notifications')
      .select(['priority', sql<number>`count(*)::int`.as('n')])
      .groupBy('priority')
      .execute(),
    db
      .selectFrom('notifications')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where delivered_at is not null)::int`.as('delivered'),
      ])
      .executeTakeFirstOrThrow(),
    // Per-user rows, plus every user's item of each broadcast (stored once, read when a row says so).
    sql<{ all: number; unread: number }>`
      select (t.all + b.n * u.n)::int as all, (t.unread + b.n * u.n - r.n)::int as unread
      from (select count(*) as all, count(*) filter (where not is_read) as unread from user_notifications) t,
        (select count(*) as n from notifications where item_id is not null) b,
        (select count(*) as n from users) u,
        (select count(*) as n from notification_reads r join notifications n on n.id = r.notification_id where n.item_id is not null) r`
      .execute(db)
      .then((res) => res.rows[0]!),
    db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('hasActiveSubscription', '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  const countMap = (known: readonly string[], rows: Array<{ n: number } & Record<string, unknown>>, key: string) => {
    const out: Record<string, number> = Object.fromEntries(known.map((k) => [k, 0]));
    for (const r of rows) out[String(r[key])] = r.n;
    return out;
  };
  return {
    total: totals.total,
    delivered: totals.delivered,
    scheduled: totals.total - totals.delivered,
    byType: countMap(NOTIFICATION_TYPES, byType, 'type'),
    byPriority: countMap(NOTIFICATION_PRIORITIES, byPriority, 'priority'),
    deliveries: deliveries.all,
    unread: deliveries.unread,
    read: deliveries.all - deliveries.unread,
    activeSubscribers: subscribers.n,
  };
}
