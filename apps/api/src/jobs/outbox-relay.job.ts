import { JOB_NAMES, pruneOutbox, relayOutbox } from '@t0/server';
import type { JobDefinition } from './types';

/** How often the relay looks for outbox rows not yet relayed (the writer relays its own at once). */
export const OUTBOX_RELAY_EVERY_MS = 2_000;
/** Relayed rows are kept this long (what was queued when, for an investigation), then deleted. */
export const OUTBOX_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the jobs of committed changes whose writer did not relay them (it crashed after its
 * commit, or the queue was away) or whose relay died holding them (lease expired).
 */
export const outboxRelayJob: JobDefinition = {
  name: JOB_NAMES.outboxRelay,
  async handler(_data, deps) {
    const relayed = await relayOutbox({ db: deps.db.db, jobs: deps.ports.jobs, log: deps.log });
    if (relayed > 0) deps.log.info({ relayed }, 'outbox jobs relayed');
    await pruneOutbox(deps.db.db, OUTBOX_KEEP_MS);
  },
  options: { everyMs: () => OUTBOX_RELAY_EVERY_MS, retryLimit: 0, pollingIntervalSeconds: 0.5 },
};
