import { JOB_NAMES, pruneEvents } from '@t0/server';
import type { JobDefinition } from './types';

/** How long the live stream's events are kept: a stream resumed from older gets `resync`. */
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
export const PRUNE_EVENTS_EVERY_MS = 15 * 60 * 1000;

/** Deletes live-stream events past the kept window. */
export const pruneEventsJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.pruneEvents,
  async handler(_data, deps) {
    const removed = await pruneEvents(deps.db.db, EVENTS_KEPT_MS);
    if (removed > 0) deps.log.info({ removed }, 'old live events pruned');
  },
  options: { everyMs: () => PRUNE_EVENTS_EVERY_MS, retryLimit: 0 },
};
