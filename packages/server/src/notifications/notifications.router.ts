import type { TRPCRouterRecord } from '@trpc/server';
import { idParam, noInput } from '@t0/contracts/schemas/common/common';
import {
  notificationCreateInput,
  notificationListSchema,
  notificationSchema,
  notificationStatsSchema,
  notificationUpdateInput,
} from '@t0/contracts/schemas/notifications/notifications';
import { deletedSchema } from '@t0/contracts/schemas/signals/signals';
import { notFound } from '../core/errors';
import { broadcastHandler, updateNotificationHandler } from './notifications.handler';
import { deleteNotification, listNotifications, notificationStats, toNotification } from './notifications.queries';
import { adminProcedure } from '../procedures';
import { transact } from '../core/transaction';

const tags = ['notifications'];

export const notificationsRouter = {
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        tags,
        protect: true,
        summary: 'Every notification, newest first',
      },
    })
    .input(noInput)
    .output(notificationListSchema)
    .query(async ({ ctx }) => (await listNotifications(ctx.db)).map(toNotification)),

  stats: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/stats',
        tags,
        protect: true,
        summary: 'Counts by type and priority, unread totals, active subscribers',
      },
    })
    .input(noInput)
    .output(notificationStatsSchema)
    .query(({ ctx }) => notificationStats(ctx.db)),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications',
        tags,
        protect: true,
        summary: 'Broadcast a notification, now or at scheduledFor',
      },
    })
    .input(notificationCreateInput)
    .output(notificationSchema)
    .mutation(broadcastHandler),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/notifications/{id}',
        errorResponses: { 404: 'No notification has this id' },
        tags,
        protect: true,
        summary: 'Edit a notification',
      },
    })
    .input(notificationUpdateInput)
    .output(notificationSchema)
    .mutation(updateNotificationHandler),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/notifications/{id}',
        errorResponses: { 404: 'No notification has this id' },
        tags,
        protect: true,
        summary: 'Delete a notification (and every delivery of it)',
      },
    })
    .input(idParam)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await transact(ctx.db, async (trx) => {
        if (!(await deleteNotification(trx, input.id))) throw notFound('Notification');
      });
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
