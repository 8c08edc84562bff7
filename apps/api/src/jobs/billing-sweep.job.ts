import { JOB_NAMES, sweepBilling } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

export const BILLING_SWEEP_EVERY_MS = 60 * 1000;

/** Ends access when a past-due grace period runs out, local test-mode subscriptions at their cancelled period's end, converts local trials, and sends trial reminders. */
export const billingSweepJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.billingSweep,
  async handler(_data, deps) {
    const ctx = jobContext(deps);
    const report = await sweepBilling(ctx);
    if (Object.values(report).some((n) => n > 0)) deps.log.info(report, 'billing sweep');
  },
  options: { everyMs: () => BILLING_SWEEP_EVERY_MS, retryLimit: 0 },
};
