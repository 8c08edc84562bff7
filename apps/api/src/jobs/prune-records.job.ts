import { JOB_NAMES, pruneRecords } from '@t0/server';
import type { JobDefinition } from './types';

export const PRUNE_RECORDS_EVERY_MS = 6 * 60 * 60 * 1000;

/** Deletes e-mail log entries and finished deliveries past their retention (RETENTION_DAYS). */
export const pruneRecordsJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.pruneRecords,
  async handler(_data, deps) {
    const removed = await pruneRecords(deps.db.db);
    if (removed.emailLog + removed.deliveries > 0)
      deps.log.info(removed, 'old e-mail log entries and deliveries pruned');
  },
  options: { everyMs: () => PRUNE_RECORDS_EVERY_MS, retryLimit: 0 },
};
