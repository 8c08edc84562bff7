import { JOB_NAMES, runCommunityTasks, syncCommunity } from '@t0/server';
import type { JobDefinition } from './types';

/** Runs the queued community actions (remove a member, revoke a link, grant or remove the role …). */
export const communityTasksJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.communityTasks,
  async handler(_data, deps) {
    // Nothing configured: the tasks are closed as skipped, so they do not pile up.
    await runCommunityTasks({ db: deps.db.db, community: deps.ports.community, log: deps.log });
  },
  options: { everyMs: (config) => config.community.tasksEveryMs, retryLimit: 0, pollingIntervalSeconds: 0.5 },
};

/** The daily reconciliation of the paid chat's members and the Discord role against subscriptions. */
export const communitySyncJob: JobDefinition<Record<string, never>> = {
  name: JOB_NAMES.communitySync,
  async handler(_data, deps) {
    if (!deps.ports.community) return;
    const report = await syncCommunity({ db: deps.db.db, community: deps.ports.community, log: deps.log });
    deps.log.info(
      { telegram: report.telegram?.differences.length ?? null, discord: report.discord?.differences.length ?? null },
      'community reconciled',
    );
  },
  options: { everyMs: (config) => config.community.syncEveryMs, retryLimit: 0 },
};
