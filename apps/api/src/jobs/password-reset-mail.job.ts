import { JOB_NAMES, sendPasswordResetMail, type PasswordResetMailData } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

/**
 * A forgotten-password request's work, queued for every address alike (the request's answer says
 * nothing of the account): a reset link e-mailed when the address has an account. Polled at
 * pg-boss's shortest interval besides the wake-up a send gives this process's worker.
 */
export const passwordResetMailJob: JobDefinition<PasswordResetMailData> = {
  name: JOB_NAMES.passwordResetMail,
  async handler(data, deps) {
    const ctx = jobContext(deps);
    await sendPasswordResetMail(ctx, data);
  },
  options: { pollingIntervalSeconds: 0.5, batchSize: 10 },
};
