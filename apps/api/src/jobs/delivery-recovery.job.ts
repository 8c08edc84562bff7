import { JOB_NAMES, recoverStalledDeliveries } from '@t0/server';
import type { JobDefinition } from './types';

/** How often the sweep looks for stalled deliveries. */
export const DELIVERY_RECOVERY_EVERY_MS = 15_000;

/**
 * An attempt older than this is taken as interrupted (its process was killed mid-send): four times
 * a send's own time limit, at least 30 s. A live but stalled process may then send the same message
 * twice, under the same id (webhook-id); a shorter wait keeps a crash from delaying a signal by
 * minutes (the chaos bench, bench/src/chaos.ts, measures it).
 */
export const stalledAfterMs = (sendTimeoutMs: number) => Math.max(30_000, sendTimeoutMs * 4);

/** Sends again what a stopped process left in the middle of sending (see recoverStalledDeliveries). */
export const deliveryRecoveryJob: JobDefinition = {
  name: JOB_NAMES.deliveryRecovery,
  async handler(_data, deps) {
    await recoverStalledDeliveries(
      { db: deps.db.db, jobs: deps.ports.jobs, log: deps.log },
      stalledAfterMs(deps.config.delivery.timeoutMs),
    );
  },
  options: { everyMs: () => DELIVERY_RECOVERY_EVERY_MS, retryLimit: 0 },
};
