import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Runs the spec files that use the run's shared product (those calling `setupE2E()` with no
 * options, see e2e/harness.ts) before the others, so that product starts once
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
 * Two spec files at a time, each in its own worker (own product, own browser connection), all
 * sharing the run's Chromium. One at a time left a third of the machine idle: the files wait on
 * the product's polls, streams and timers as much as they compute. On 2026-11-30 (2-core machine,
 * Chromium's headless shell) the suite took 928 s one at a time and 743 s two at a time, the same
 * tests passing in both. An earlier run on a machine whose Chromium was about 2.7 times slower saw
 * three tests run out of time with two at a time, waiting on each other's rendering; the headless
 * shell has since cut Chromium's CPU by a third. `--maxWorkers=1` runs one file at a time.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    // The files run one after another in each worker, which imports Playwright, the harness and
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
