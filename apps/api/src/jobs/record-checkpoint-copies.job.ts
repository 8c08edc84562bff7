import { JOB_NAMES, sendCheckpointCopies } from '@t0/server';
import type { JobDefinition } from './types';

/** Looked at hourly; each channel gets one copy per UTC day (the delivery key holds the day). */
export const RECORD_COPIES_EVERY_MS = 60 * 60 * 1000;

/** Once a day (checked hourly): the day's signed checkpoint to the desk's Discord webhook and Telegram channel. */
export const recordCheckpointCopiesJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.recordCheckpointCopies,
  async handler(_data, deps) {
    await sendCheckpointCopies({
      db: deps.db.db,
      delivery: deps.ports.delivery,
      jobs: deps.ports.jobs,
      log: deps.log,
      publicUrl: deps.config.publicUrl,
    });
  },
  options: { everyMs: () => RECORD_COPIES_EVERY_MS, retryLimit: 2, retryDelaySeconds: 300 },
};
