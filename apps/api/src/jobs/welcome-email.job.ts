import { retryWelcomeEmail, WELCOME_EMAIL_JOB } from '@t0/server';
import { jobContext } from './job-context';
import type { JobDefinition } from './types';

export interface WelcomeEmailData {
  userId: number;
}

/**
 * Retries a welcome e-mail that could not be sent at activation time. Fails (and is retried with
 * a growing delay, first after about 5 s) until the e-mail goes out or is no longer needed.
 */
export const welcomeEmailJob: JobDefinition<WelcomeEmailData> = {
  name: WELCOME_EMAIL_JOB,
  async handler(data, deps) {
    const userId = Number(data?.userId);
    if (!Number.isInteger(userId) || userId <= 0) return;
    const ctx = jobContext(deps);
    if (!(await retryWelcomeEmail(ctx, userId)))
      throw new Error(`welcome e-mail to user ${userId} failed; it will be retried`);
  },
  options: { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true },
};
