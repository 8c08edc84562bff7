import { JOB_NAMES, sendBillingNotice, type BillingNoticeData } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

/** One billing message to one subscriber (a failed payment, a reminder before access ends, a win-back offer). */
export const billingNoticeJob: JobDefinition<BillingNoticeData> = {
  name: JOB_NAMES.billingNotice,
  async handler(data, deps) {
    const ctx = jobContext(deps);
    await sendBillingNotice(ctx, data);
  },
  options: { pollingIntervalSeconds: 0.5, batchSize: 10, retryLimit: 0 },
};
