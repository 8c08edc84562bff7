import { advanceSignals } from '@t0/server';
import type { PriceStep } from './types';

/**
 * Drives every open signal's lifecycle from the live prices and the range of the feed's 1-minute
 * candles (stored by the candles step, which runs first): a pending order's fill (or expiry), T0 and
 * its share, the stop to entry, T1, the stop; records the price and the best and worst excursion of
 * filled trades. Each transition commits with its hash-chained events (each carrying the feed's
 * price and time), notifications and live-stream event; lifecycle e-mails are queued after the commit.
 */
export const signalLifecycleStep: PriceStep = {
  name: 'signal-lifecycle',
  async run({ prices, updatedAt, source }, deps) {
    await advanceSignals(
      deps.db.db,
      prices,
      { adminEmails: deps.config.adminEmails, jobs: deps.ports.jobs, log: deps.log, signer: deps.ports.record },
      { at: updatedAt, source },
    );
  },
};
