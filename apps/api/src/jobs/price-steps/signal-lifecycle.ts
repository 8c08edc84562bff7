import { advanceSignals } from '@t0/contracts/server';
import type { PriceStep } from './types';

/**
 * Drives every open signal's lifecycle from the live prices: limit → active at the entry, T0 (and
 * the stop to entry), T1, the stop; records the price and the best and worst excursion of filled
 * trades. Each transition commits with its hash-chained events, notifications and live-stream
 * event; lifecycle e-mails are queued after the commit.
 */
export const signalLifecycleStep: PriceStep = {
  name: 'signal-lifecycle',
  async run({ prices }, deps) {
    await advanceSignals(deps.db.db, prices, { adminEmails: deps.config.adminEmails, jobs: deps.ports.jobs, log: deps.log, signer: deps.ports.record });
  },
};
