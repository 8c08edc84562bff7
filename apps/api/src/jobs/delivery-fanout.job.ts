import { fanOutBroadcast, fanOutDeskMessage, fanOutPriceAlert, fanOutSignalEvents, JOB_NAMES } from '@t0/server';
import type { JobDefinition } from './types';

/**
 * After a signal event, a broadcast, a price alert's firing or a desk reply committed: for each subscriber, the channels their choices
 * route it to, one delivery record and one `deliver` job each. Repeating it adds nothing.
 */
export const deliveryFanoutJob: JobDefinition<{
  signalId?: number;
  eventIds?: number[];
  notificationId?: number;
  priceAlertFireId?: number;
  deskMessageId?: number;
}> = {
  name: JOB_NAMES.deliveryFanout,
  async handler(data, deps) {
    const fan = {
      db: deps.db.db,
      delivery: deps.ports.delivery,
      jobs: deps.ports.jobs,
      adminEmails: deps.config.adminEmails,
      log: deps.log,
    };
    const queued =
      data.deskMessageId !== undefined
        ? await fanOutDeskMessage(fan, Number(data.deskMessageId))
        : data.priceAlertFireId !== undefined
          ? await fanOutPriceAlert(fan, Number(data.priceAlertFireId))
          : data.notificationId !== undefined
            ? await fanOutBroadcast(fan, Number(data.notificationId))
            : await fanOutSignalEvents(
                fan,
                Number(data.signalId),
                (data.eventIds ?? []).map(Number).filter(Number.isInteger),
              );
    if (queued > 0) deps.log.info({ queued, ...data }, 'deliveries queued');
  },
  // A run cut short by a killed process is taken up again after 30 s (expiry, found by the job
  // runner's 10 s maintenance): its deliveries commit together, so a repeat adds only what the cut
  // run did not, and a slow live run repeated meanwhile queues nothing twice.
  options: {
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    pollingIntervalSeconds: 0.5,
    expireInSeconds: 30,
  },
};
