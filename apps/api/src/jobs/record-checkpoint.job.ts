import { JOB_NAMES, writeCheckpoint } from '@t0/server';
import type { JobDefinition } from './types';

/** How often the chain's head is signed besides every close (at most an hour apart). */
export const RECORD_CHECKPOINT_EVERY_MS = 60 * 60 * 1000;

/** Signs and stores a checkpoint of the signal event chain (none while the chain is empty). */
export const recordCheckpointJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.recordCheckpoint,
  async handler(_data, deps) {
    if (!deps.ports.record) return;
    const c = await writeCheckpoint(deps.db.db, deps.ports.record);
    if (c)
      deps.log.info(
        { checkpointId: c.id, headId: c.headId, eventCount: c.eventCount, keyId: c.keyId },
        'record checkpoint signed',
      );
  },
  options: { everyMs: () => RECORD_CHECKPOINT_EVERY_MS, retryLimit: 2, retryDelaySeconds: 60 },
};
