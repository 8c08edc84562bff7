import { validationError } from '../core/errors';
import { findRoomBySlug } from '../rooms/rooms.queries';
import type { NotificationCreate, NotificationUpdate } from '@t0/contracts/schemas/notifications/notifications';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { fanoutJob } from '../delivery/fanout.job';
import { JOB_NAMES } from '../core/jobs';
import { enqueueJobs, type OutboxJob } from '../outbox/queue';
import { relayCommitted } from '../outbox/outbox-relay.job';
import {
  deliverNotification,
  dueNotificationIds,
  findNotification,
  insertNotification,
  isFutureSchedule,
  toNotification,
  updateNotification,
} from './notifications.queries';
import { transact } from '../core/transaction';

type Ctx = Pick<Context, 'db' | 'ports' | 'settings' | 'log'> & { user: { id: number } };

const relayDeps = (ctx: Pick<Ctx, 'db' | 'ports' | 'log'>) => ({ db: ctx.db, jobs: ctx.ports.jobs, log: ctx.log });

/** The job that delivers a notification at its time (the periodic sweep is the safety net). */
const scheduledDelivery = (id: number, at: Date): OutboxJob => ({
  name: JOB_NAMES.deliverNotifications,
  data: { notificationId: id },
  startAfter: at,
});

/** Broadcast: delivered at once in the same transaction, or at `scheduledFor` by a job; the jobs commit with it. */
export async function broadcastHandler({ ctx, input }: { ctx: Ctx; input: NotificationCreate }) {
  if (input.room) {
    const room = await findRoomBySlug(ctx.db, input.room);
    if (!room || room.archivedAt !== null)
      throw validationError([{ path: ['room'], message: `Room ${input.room} does not exist` }]);
  }
  if (isFutureSchedule(input.scheduledFor)) {
    const { row, outbox } = await transact(ctx.db, async (trx) => {
      const row = await insertNotification(trx, input, ctx.user.id);
      return { row, outbox: await enqueueJobs(trx, [scheduledDelivery(row.id, row.scheduledFor!)]) };
    });
    await relayCommitted(relayDeps(ctx), outbox);
    return toNotification(row);
  }
  const { row, outbox } = await transact(ctx.db, async (trx) => {
    const inserted = await insertNotification(trx, { ...input, scheduledFor: undefined }, ctx.user.id);
    await deliverNotification(trx, inserted.id, ctx.settings.adminEmails);
    return {
      row: await findNotification(trx, inserted.id),
      outbox: await enqueueJobs(trx, [fanoutJob({ notificationId: inserted.id })]),
    };
  });
  await relayCommitted(relayDeps(ctx), outbox);
  return toNotification(row!);
}

/** Edits a notification. A delivered one reaches users it now concerns (made global); a waiting one may be rescheduled. */
export async function updateNotificationHandler({ ctx, input }: { ctx: Ctx; input: NotificationUpdate }) {
  const { row, outbox } = await transact(ctx.db, async (trx) => {
    const row = await updateNotification(trx, input);
    if (!row) throw notFound('Notification');
    if (row.deliveredAt) {
      await deliverNotification(trx, row.id, ctx.settings.adminEmails);
      return { row, outbox: [] };
    }
    if (row.scheduledFor && isFutureSchedule(row.scheduledFor.toISOString())) {
      const jobs = input.scheduledFor !== undefined ? [scheduledDelivery(row.id, row.scheduledFor)] : [];
      return { row, outbox: await enqueueJobs(trx, jobs) };
    }
    if ((await deliverNotification(trx, row.id, ctx.settings.adminEmails)) === null) return { row, outbox: [] };
    return {
      row: (await findNotification(trx, row.id))!,
      outbox: await enqueueJobs(trx, [fanoutJob({ notificationId: row.id })]),
    };
  });
  await relayCommitted(relayDeps(ctx), outbox);
  return toNotification(row);
}

/**
 * Delivers every notification whose time has come (the job's work); answers how many it handled.
 * Each one delivered is routed to the subscribers' channels like a broadcast sent at once, its
 * fan-out written in the transaction that delivers it (repeating the routing adds nothing, so a
 * retried job is harmless).
 */
export async function deliverDueNotifications(
  ctx: Pick<Context, 'db' | 'settings' | 'log'> & { jobs?: Pick<Context['ports']['jobs'], 'send'> },
  notificationId?: number,
): Promise<number> {
  const ids = new Set(await dueNotificationIds(ctx.db));
  if (notificationId !== undefined) ids.add(notificationId);
  let delivered = 0;
  for (const id of ids) {
    const outbox = await transact(ctx.db, async (trx) => {
      if ((await deliverNotification(trx, id, ctx.settings.adminEmails)) === null) return null;
      return enqueueJobs(trx, [fanoutJob({ notificationId: id })]);
    });
    if (outbox === null) continue;
    delivered++;
    if (ctx.jobs) await relayCommitted({ db: ctx.db, jobs: ctx.jobs, log: ctx.log }, outbox);
  }
  return delivered;
}
