import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`e2e/*.spec.ts`) against the built product, long timeouts.
 * Build first: `pnpm --filter @t0/api build && pnpm --filter @t0/web build`.
 *
 * Two spec files run at a time: a file spends most of its time waiting (for the product, a page,
 * a poll, the network emulation), and one file at a time used about a fifth of a 2-core machine
 * (the whole suite: 818 s of wall time on a quiet machine, about 350 s of CPU). Each file still
 * has a product of its own; files share the run's Chromium, each with its own connection and
 * contexts. Three at a time saturated a loaded machine (ten tests ran out of time where one file
 * at a time lost one). `--maxWorkers=1` runs them one at a time.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // Migrates one embedded database per run: every product starts on a copy of it.
    globalSetup: ['./e2e/global-setup.ts'],
  },
});
