import { giveUpWinBackOffer, JOB_NAMES, makeWinBackOffer, type WinBackOfferData } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

/**
 * One win-back offer made in Stripe (its coupon and promotion code), then recorded and told. Stripe
 * failing fails the job, tried again with a growing delay: 14 retries from 2 s span 9 to 18 hours,
 * inside the 24 hours Stripe keeps an idempotency key, so a late retry still makes nothing twice.
 * After the last, the offer is marked not made on its subscription (the console lists it).
 */
export const winBackOfferJob: JobDefinition<WinBackOfferData> = {
  name: JOB_NAMES.winBackOffer,
  async handler(data, deps) {
    const ctx = jobContext(deps);
    await makeWinBackOffer(ctx, data);
  },
  // Retries used up: the offer is not made, and the console lists it with the refused ones.
  async onLastFailure(data, err, tries, deps) {
    await giveUpWinBackOffer(jobContext(deps), data, err, tries);
  },
  options: { pollingIntervalSeconds: 0.5, retryLimit: 14, retryDelaySeconds: 2, retryBackoff: true },
};
