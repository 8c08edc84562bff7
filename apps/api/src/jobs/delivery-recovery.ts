import { JOB_NAMES, recoverStalledDeliveries } from '@t0/contracts/server';
import type { JobDefinition } from './types';

/** How often the sweep looks for stalled deliveries. */
export const DELIVERY_RECOVERY_EVERY_MS = 60_000;

/** An attempt older than this is taken as interrupted: many times a send's own time limit, at least two minutes. */
export const stalledAfterMs = (sendTimeoutMs: number) => Math.max(120_000, sendTimeoutMs * 6);

/** Sends again what a stopped process left in the middle of sending (see recoverStalledDeliveries). */
export const deliveryRecoveryJob: JobDefinition = {
  name: JOB_NAMES.deliveryRecovery,
  async handler(_data, deps) {
    await recoverStalledDeliveries({ db: deps.db.db, jobs: deps.ports.jobs, log: deps.log }, stalledAfterMs(deps.config.delivery.timeoutMs));
  },
  options: { everyMs: () => DELIVERY_RECOVERY_EVERY_MS, retryLimit: 0 },
};
