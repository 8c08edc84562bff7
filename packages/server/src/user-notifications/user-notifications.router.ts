import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  markAllReadSchema,
  unreadCountSchema,
  userNotificationListSchema,
  userNotificationSchema,
} from '@t0/contracts/schemas/notifications/notifications';
import { notFound } from '../core/errors';
import { emitEvent, userAudience } from '../events/events.queries';
import {
  listUserNotifications,
  markAllRead,
  setRead,
  toUserNotification,
  openSignalIds,
  unreadCount,
} from './user-notifications.queries';
import { userProcedure, type UserContext } from '../procedures';
import { transact } from '../core/transaction';

const tags = ['user notifications'];

/** The user's other tabs and devices learn the new count (in the change's transaction). */
async function announceUnread(db: UserContext['db'], userId: number) {
  await emitEvent(db, {
    type: 'unread.changed',
    audience: userAudience(userId),
    payload: { count: await unreadCount(db, userId) },
  });
}

async function markAll({ ctx }: { ctx: UserContext }) {
  const count = await transact(ctx.db, async (trx) => {
    const changed = await markAllRead(trx, ctx.user.id);
    if (changed > 0) await announceUnread(trx, ctx.user.id);
    return changed;
  });
  return { success: true as const, count };
}

async function mark(ctx: UserContext, id: number, isRead: boolean) {
  const row = await transact(ctx.db, async (trx) => {
    const found = await setRead(trx, ctx.user.id, id, isRead);
    if (found) await announceUnread(trx, ctx.user.id);
    return found;
  });
  if (!row) throw notFound('Notification');
  return toUserNotification(row, ctx.user, await openSignalIds(ctx.db, [row.signalId]));
}

export const userNotificationsRouter = {
  list: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/notifications',
        tags,
        protect: true,
        summary: 'My notifications, newest first',
      },
    })
    .input(noInput)
    .output(userNotificationListSchema)
    .query(async ({ ctx }) => {
      const rows = await listUserNotifications(ctx.db, ctx.user.id);
      const open = await openSignalIds(
        ctx.db,
        rows.map((r) => r.signalId),
      );
      return rows.map((r) => toUserNotification(r, ctx.user, open));
    }),

  unreadCount: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/notifications/unread-count',
        tags,
        protect: true,
        summary: 'How many of my notifications are unread',
      },
    })
    .input(noInput)
    .output(unreadCountSchema)
    .query(async ({ ctx }) => ({
      count: await ctx.reads.unreadCount(ctx.user.id, () => unreadCount(ctx.db, ctx.user.id)),
    })),

  markRead: userProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/notifications/{id}/read',
        errorResponses: { 404: 'No notification of yours has this id' },
        tags,
        protect: true,
        summary: 'Mark one notification read',
      },
    })
    .input(idParam)
    .output(userNotificationSchema)
    .mutation(({ ctx, input }) => mark(ctx, input.id, true)),

  markUnread: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/notifications/{id}/unread',
        errorResponses: { 404: 'No notification of yours has this id' },
        tags,
        protect: true,
        summary: 'Mark one notification unread',
      },
    })
    .input(idParam)
    .output(userNotificationSchema)
    .mutation(({ ctx, input }) => mark(ctx, input.id, false)),

  markAllRead: userProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/notifications/read-all',
        tags,
        protect: true,
        summary: 'Mark all my notifications read',
      },
    })
    .input(noInput)
    .output(markAllReadSchema)
    .mutation(markAll),

  /** The other path form of mark-all-read: the same call. */
  markAllReadAlias: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/notifications/mark-all-read',
        tags,
        protect: true,
        summary: 'Mark all my notifications read (alias)',
      },
    })
    .input(noInput)
    .output(markAllReadSchema)
    .mutation(markAll),
} satisfies TRPCRouterRecord;
