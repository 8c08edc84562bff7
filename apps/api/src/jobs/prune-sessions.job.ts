import { JOB_NAMES } from '@t0/server';
import type { JobDefinition } from './types';

export const PRUNE_SESSIONS_EVERY_MS = 15 * 60 * 1000;

/** Deletes expired sessions now and then. */
export const pruneSessionsJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.pruneSessions,
  async handler(_data, deps) {
    const removed = await deps.sessions.prune();
    if (removed > 0) deps.log.info({ removed }, 'expired sessions pruned');
  },
  options: { everyMs: () => PRUNE_SESSIONS_EVERY_MS, retryLimit: 0 },
};
