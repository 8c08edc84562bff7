import { JOB_NAMES, makeWinBackOffer, type WinBackOfferData } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

/**
 * One win-back offer made in Stripe (its coupon and promotion code), then recorded and told. Stripe
 * failing fails the job, tried again with a growing delay: 14 retries from 2 s span 9 to 18 hours,
 * inside the 24 hours Stripe keeps an idempotency key, so a late retry still makes nothing twice.
 */
export const winBackOfferJob: JobDefinition<WinBackOfferData> = {
  name: JOB_NAMES.winBackOffer,
  async handler(data, deps) {
    const ctx = jobContext(deps);
    await makeWinBackOffer(ctx, data);
  },
  options: { pollingIntervalSeconds: 0.5, retryLimit: 14, retryDelaySeconds: 2, retryBackoff: true },
};
