import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Runs the spec files that use the run's shared product (those calling `setupE2E()` with no
 * options, see e2e/harness.ts) one after another, before the others, so that product starts once
 * and stops when they are done instead of idling through the rest of the run. Within each group
 * the usual order stands. The grouping only saves time: each file makes its own users and data.
 */
class SharedProductFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = new Set(sorted.filter((f) => /\bsetupE2E\(\)/.test(readFileSync(f.moduleId, 'utf8'))));
    return [...sorted.filter((f) => shared.has(f)), ...sorted.filter((f) => !shared.has(f))];
  }
}

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
    // The files run one after another in the same worker, which imports Playwright, the harness and
    // the app's modules once rather than once per file. A file closes what it opens (products,
    // browser connections, local servers) and leaves no global state behind.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    sequence: { sequencer: SharedProductFirst },
    // Migrates one embedded database per run (every product starts on a copy of it), launches the
    // Chromium every file connects to, and serves the product the files with default settings share.
    globalSetup: ['./e2e/global-setup.ts'],
  },
});
