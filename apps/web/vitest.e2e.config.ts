import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`e2e/*.spec.ts`) against the built product, long timeouts.
 * Build first: `pnpm --filter @t0/api build && pnpm --filter @t0/web build`.
 *
 * One spec file at a time. Two at a time (each with a product of its own, sharing the run's
 * Chromium) took the suite from 818 s to 462 s on a quiet machine, but on a machine of the same
 * kind whose Chromium was about 2.7 times slower (the suite: 1,233 s with two at a time), three
 * tests ran out of time in one of two runs, waiting on each other's rendering, not on the
 * product. A suite that passes only on a fast machine is not a test: the files run one at a
 * time again. `--maxWorkers=2` runs two at a time where the machine allows it.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // Migrates one embedded database per run: every product starts on a copy of it.
    globalSetup: ['./e2e/global-setup.ts'],
  },
});
