import type { Db } from '@t0/db';
import { sql } from 'kysely';
import type { ThreadStatus } from '@t0/contracts/domain/messages/messages';

export interface NewMessage {
  userId: number;
  message: string | null;
  imageUrl: string | null;
  isFromAdmin: boolean;
}

/** One thread's messages, oldest first. */
export function listThreadMessages(db: Db, userId: number) {
  return db.selectFrom('adminMessages').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** One message, by its id. */
export function findMessage(db: Db, id: number) {
  return db.selectFrom('adminMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertMessage(db: Db, message: NewMessage) {
  return db.insertInto('adminMessages').values(message).returningAll().executeTakeFirstOrThrow();
}

/** Marks read the messages of a thread the other party wrote (`fromAdmin`: the desk's); answers how many. */
export async function markThreadRead(db: Db, userId: number, fromAdmin: boolean, now: Date): Promise<number> {
  const rows = await db
    .updateTable('adminMessages')
    .set({ isRead: true, readAt: now })
    .where('userId', '=', userId)
    .where('isFromAdmin', '=', fromAdmin)
    .where('isRead', '=', false)
    .returning('id')
    .execute();
  return rows.length;
}

/** Whether the desk has written in this thread before. */
export async function deskHasWritten(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('adminMessages')
    .select('id')
    .where('userId', '=', userId)
    .where('isFromAdmin', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any message (of any thread but `userId`'s) shows this image. */
export async function imageUsedElsewhere(db: Db, imageUrl: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('adminMessages')
    .select('id')
    .where('imageUrl', '=', imageUrl)
    .where('userId', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the image belongs to this user's thread. */
export async function isImageOfThread(db: Db, imageUrl: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('adminMessages')
    .select('id')
    .where('imageUrl', '=', imageUrl)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user whose thread shows this image, if any. */
export async function findImageThreadUserId(db: Db, imageUrl: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('adminMessages')
    .select('userId')
    .where('imageUrl', '=', imageUrl)
    .orderBy('id')
    .executeTakeFirst();
  return row?.userId;
}

/**
 * Counts one message against the user's window, atomically (one upsert, so every process shares
 * the count): a window older than `windowSeconds` starts again at one. Answers the count and when
 * the window started. Call it in the transaction that stores the message, so a refusal counts nothing.
 */
export function countMessage(db: Db, userId: number, now: Date, windowSeconds: number) {
  const expired = sql<boolean>`message_rate_limits.window_start <= ${now}::timestamptz - ${windowSeconds} * interval '1 second'`;
  return db
    .insertInto('messageRateLimits')
    .values({ userId, messageCount: 1, windowStart: now })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        messageCount: sql`case when ${expired} then 1 else message_rate_limits.message_count + 1 end`,
        windowStart: sql`case when ${expired} then ${now}::timestamptz else message_rate_limits.window_start end`,
      }),
    )
    .returning(['messageCount', 'windowStart'])
    .executeTakeFirstOrThrow();
}

export function findThread(db: Db, userId: number) {
  return db.selectFrom('messageThreads').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export interface ThreadChange {
  status?: ThreadStatus;
  assignedTo?: number | null;
  writingStopped?: boolean;
}

/** Creates the thread's desk state or changes the fields given. */
export function upsertThread(db: Db, userId: number, change: ThreadChange, now: Date) {
  return db
    .insertInto('messageThreads')
    .values({ userId, ...change, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...change, updatedAt: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A grant `g` counts at `now`: started, not ended early, not past its end. */
const grantCurrent = (now: Date) =>
  sql<boolean>`g.ended_at is null and g.starts_at <= ${now} and (g.ends_at is null or g.ends_at > ${now})`;

/** The user (a column reference or an id) holds one of these rooms now, by a current grant. */
const holdsAnyRoomNow = (user: unknown, rooms: readonly string[], now: Date) =>
  sql<boolean>`exists (
    select 1 from access_grants g
      join plan_rooms pr on pr.plan_id = g.plan_id
      join rooms r on r.id = pr.room_id
     where g.user_id = ${user} and ${grantCurrent(now)}
       and r.slug in (${sql.join(rooms)}))`;

/** The rooms (slugs) a user holds now by their current grants, sorted. */
export async function listHeldRoomSlugs(db: Db, userId: number, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom('accessGrants as g')
    .innerJoin('planRooms as pr', 'pr.planId', 'g.planId')
    .innerJoin('rooms as r', 'r.id', 'pr.roomId')
    .select('r.slug')
    .distinct()
    .where('g.userId', '=', userId)
    .where(grantCurrent(now))
    .orderBy('r.slug')
    .execute();
  return rows.map((r) => r.slug);
}

/**
 * The user ids of the active analysts who answer this subscriber's thread: those publishing in a
 * room (not archived) the subscriber holds now.
 */
export async function listThreadAnalystUserIds(db: Db, userId: number, now: Date = new Date()): Promise<number[]> {
  const rows = await db
    .selectFrom('analysts as a')
    .innerJoin('analystRooms as ar', 'ar.analystId', 'a.id')
    .innerJoin('rooms as r', 'r.id', 'ar.roomId')
    .innerJoin('planRooms as pr', 'pr.roomId', 'r.id')
    .innerJoin('accessGrants as g', 'g.planId', 'pr.planId')
    .select('a.userId')
    .distinct()
    .where('a.active', '=', true)
    .where('r.archivedAt', 'is', null)
    .where('g.userId', '=', userId)
    .where(grantCurrent(now))
    .orderBy('a.userId')
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * The inbox: one row per user with a message, newest activity first, with the desk's state, the
 * subscriber's unread messages and the last message. `search` matches the e-mail, the name or
 * any message of the thread (any case); `userId` narrows to one thread.
 */
export function listThreads(
  db: Db,
  opts: { search?: string; status?: ThreadStatus; userId?: number; rooms?: readonly string[]; now?: Date },
) {
  let q = db
    .selectFrom('adminMessages as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .leftJoin('messageThreads as t', 't.userId', 'm.userId')
    .leftJoin('users as a', 'a.id', 't.assignedTo')
    .select([
      'm.userId',
      'u.email',
      'u.firstName',
      'u.lastName',
      sql<string>`coalesce(t.status, 'open')`.as('status'),
      't.assignedTo',
      'a.email as assignedToEmail',
      sql<boolean>`coalesce(t.writing_stopped, false)`.as('writingStopped'),
      sql<number>`count(*) filter (where not m.is_from_admin and not m.is_read)::int`.as('unread'),
      sql<Date>`max(m.created_at)`.as('lastMessageAt'),
      sql<string | null>`(array_agg(coalesce(m.message, '[image]') order by m.id desc))[1]`.as('lastMessage'),
    ])
    .groupBy([
      'm.userId',
      'u.email',
      'u.firstName',
      'u.lastName',
      't.status',
      't.assignedTo',
      'a.email',
      't.writingStopped',
    ]);
  if (opts.userId !== undefined) q = q.where('m.userId', '=', opts.userId);
  if (opts.rooms) {
    const rooms = opts.rooms;
    q = q.where(
      rooms.length === 0 ? sql<boolean>`false` : holdsAnyRoomNow(sql.ref('m.user_id'), rooms, opts.now ?? new Date()),
    );
  }
  if (opts.status) q = q.where(sql<string>`coalesce(t.status, 'open')`, '=', opts.status);
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb(sql<string>`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', like),
        eb.exists(
          eb
            .selectFrom('adminMessages as s')
            .select('s.id')
            .whereRef('s.userId', '=', 'm.userId')
            .where('s.message', 'ilike', like),
        ),
      ]),
    );
  }
  return q
    .orderBy(sql`max(m.created_at)`, 'desc')
    .orderBy('m.userId', 'desc')
    .limit(500)
    .execute();
}
