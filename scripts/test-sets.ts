// The test files that time the machine (a sign-in's duration, a largest paint, a toast within
// seconds, an outage answered within a bar) and so run only when nothing else runs beside them.
// `pnpm test` (scripts/test.mjs) runs every other file in two lanes side by side, then these alone.
// A vitest config reads T0_TEST_SET: `shared` leaves these files out, `alone` runs only them,
// unset runs every file (one file or package run by hand).

/** Test files of apps/api, relative to it, that need the machine to themselves. */
export const API_ALONE = [
  'test/login-timing.int.test.ts',
  'test/forgot-password-timing.int.test.ts',
  'test/db-outage.int.test.ts',
  'test/job-runner-outage.int.test.ts',
  'test/shutdown.int.test.ts',
];

/** Browser spec files of apps/web, relative to it, that need the machine to themselves. */
export const BROWSER_ALONE = [
  'e2e/landing-speed.spec.ts',
  'e2e/live.spec.ts',
  'e2e/shell.spec.ts',
  'e2e/terminal.spec.ts',
];

/** The `include` and `exclude` of a vitest config (its own globs, its files that run alone) for T0_TEST_SET. */
export function testSet(include: string[], alone: string[]): { include: string[]; exclude: string[] } {
  const set = process.env.T0_TEST_SET;
  if (set === 'alone') return { include: alone, exclude: [] };
  if (set === 'shared') return { include, exclude: alone };
  return { include, exclude: [] };
}
