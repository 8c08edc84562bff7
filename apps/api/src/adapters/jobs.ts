import type { Jobs } from '@t0/contracts/server';

// Placeholder until the content API lands pg-boss.
export function createJobs(): Jobs {
  return { send: async () => undefined };
}
