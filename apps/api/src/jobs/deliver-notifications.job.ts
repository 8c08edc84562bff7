import { deliverDueNotifications, JOB_NAMES } from '@t0/server';
import { appSettings } from '../deps';
import type { JobDefinition } from './types';

/** How often every process sweeps for due notifications whose own job was lost. */
export const NOTIFICATION_SWEEP_EVERY_MS = 30_000;

/**
 * Delivers scheduled notifications at their time. Each broadcast queues a job with its
 * `notificationId` and a start time; the same handler also runs periodically and delivers any
 * due notification, so a lost job only delays delivery. Delivery is idempotent.
 */
export const deliverNotificationsJob: JobDefinition<{ notificationId?: number }> = {
  name: JOB_NAMES.deliverNotifications,
  async handler(data, deps) {
    const id = Number(data?.notificationId);
    const handled = await deliverDueNotifications(
      { db: deps.db.db, settings: appSettings(deps.config), log: deps.log, jobs: deps.ports.jobs },
      Number.isInteger(id) && id > 0 ? id : undefined,
    );
    if (handled > 0) deps.log.info({ handled }, 'scheduled notifications delivered');
  },
  options: { everyMs: () => NOTIFICATION_SWEEP_EVERY_MS, retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true },
};
