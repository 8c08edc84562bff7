import type { NotificationCreate, NotificationUpdate } from '../../schemas/notifications';
import type { Context } from '../context';
import { notFound } from '../errors';
import { queueFanout } from '../delivery/fanout';
import { JOB_NAMES } from '../jobs';
import {
  deliverNotification,
  dueNotificationIds,
  findNotification,
  insertNotification,
  isFutureSchedule,
  toNotification,
  updateNotification,
} from '../queries/notifications';
import { transact } from '../transaction';

type Ctx = Pick<Context, 'db' | 'ports' | 'settings' | 'log'> & { user: { id: number } };

/** Asks the job runner to deliver a notification at its time; the periodic sweep is the safety net. */
async function scheduleDelivery(ctx: Ctx, id: number, at: Date) {
  try {
    await ctx.ports.jobs.send(JOB_NAMES.deliverNotifications, { notificationId: id }, { startAfter: at });
  } catch (err) {
    ctx.log.error({ err, notificationId: id }, 'notification delivery not queued; the sweep will deliver it');
  }
}

/** Broadcast: delivered at once in the same transaction, or at `scheduledFor` by a job. */
export async function broadcastHandler({ ctx, input }: { ctx: Ctx; input: NotificationCreate }) {
  if (isFutureSchedule(input.scheduledFor)) {
    const row = await insertNotification(ctx.db, input, ctx.user.id);
    await scheduleDelivery(ctx, row.id, row.scheduledFor!);
    return toNotification(row);
  }
  const row = await transact(ctx.db, async (trx) => {
    const inserted = await insertNotification(trx, { ...input, scheduledFor: undefined }, ctx.user.id);
    await deliverNotification(trx, inserted.id, ctx.settings.adminEmails);
    return findNotification(trx, inserted.id);
  });
  await queueFanout(ctx.ports.jobs, ctx.log, { notificationId: row!.id });
  return toNotification(row!);
}

/** Edits a notification. A delivered one reaches users it now concerns (made global); a waiting one may be rescheduled. */
export async function updateNotificationHandler({ ctx, input }: { ctx: Ctx; input: NotificationUpdate }) {
  const row = await transact(ctx.db, async (trx) => (await updateNotification(trx, input)) ?? Promise.reject(notFound('Notification')));
  if (row.deliveredAt) {
    await deliverNotification(ctx.db, row.id, ctx.settings.adminEmails);
    return toNotification(row);
  }
  if (row.scheduledFor && isFutureSchedule(row.scheduledFor.toISOString())) {
    if (input.scheduledFor !== undefined) await scheduleDelivery(ctx, row.id, row.scheduledFor);
    return toNotification(row);
  }
  if ((await deliverNotification(ctx.db, row.id, ctx.settings.adminEmails)) !== null) {
    await queueFanout(ctx.ports.jobs, ctx.log, { notificationId: row.id });
  }
  return toNotification((await findNotification(ctx.db, row.id))!);
}

/**
 * Delivers every notification whose time has come (the job's work); answers how many it handled.
 * Each one delivered is routed to the subscribers' channels like a broadcast sent at once (repeating
 * the routing adds nothing, so a retried job is harmless).
 */
export async function deliverDueNotifications(
  ctx: Pick<Context, 'db' | 'settings' | 'log'> & { jobs?: Pick<Context['ports']['jobs'], 'send'> },
  notificationId?: number,
): Promise<number> {
  const ids = new Set(await dueNotificationIds(ctx.db));
  if (notificationId !== undefined) ids.add(notificationId);
  let delivered = 0;
  for (const id of ids) {
    if ((await deliverNotification(ctx.db, id, ctx.settings.adminEmails)) === null) continue;
    delivered++;
    await queueFanout(ctx.jobs, ctx.log, { notificationId: id });
  }
  return delivered;
}
