import { JOB_NAMES, pruneAuthAttempts } from '@t0/server';
import type { JobDefinition } from './types';

export const PRUNE_AUTH_ATTEMPTS_EVERY_MS = 5 * 60 * 1000;

/** Forgets sign-in attempts that have left the limits' window. */
export const pruneAuthAttemptsJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.pruneAuthAttempts,
  async handler(_data, deps) {
    await pruneAuthAttempts(deps.db.db);
  },
  options: { everyMs: () => PRUNE_AUTH_ATTEMPTS_EVERY_MS, retryLimit: 0 },
};
