import { JOB_NAMES, sendDelivery } from '@t0/server';
import type { JobDefinition } from './types';

/**
 * One attempt of one delivery. Its own retries follow DELIVERY_RETRY_SCHEDULE_MS (a new job per
 * attempt, recorded on the delivery); pg-boss retries only a run that crashed before recording.
 */
export const deliverJob: JobDefinition<{ deliveryId: number; attempts?: number; redelivery?: boolean }> = {
  name: JOB_NAMES.deliver,
  async handler(data, deps) {
    const status = await sendDelivery(
      {
        db: deps.db.db,
        delivery: deps.ports.delivery,
        jobs: deps.ports.jobs,
        mailer: deps.ports.mailer,
        adminEmails: deps.config.adminEmails,
        publicUrl: deps.config.publicUrl,
        log: deps.log,
        ...(deps.metrics ? { onAttempt: deps.metrics.deliveryAttempt } : {}),
      },
      Number(data.deliveryId),
      Number(data.attempts ?? 0),
      { redelivery: data.redelivery === true },
    );
    if (status === 'failed') deps.log.warn({ deliveryId: data.deliveryId }, 'delivery failed for good');
  },
  // A run held by a stopped process (fetched, not yet claimed) is taken up again after a minute;
  // one that claimed its delivery is sent again by the recovery sweep.
  options: { retryLimit: 2, retryDelaySeconds: 5, pollingIntervalSeconds: 0.5, batchSize: 20, expireInSeconds: 30 },
};
