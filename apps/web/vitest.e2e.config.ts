import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`e2e/*.spec.ts`) against the built product: one file at a time, long timeouts.
 * Build first: `pnpm --filter @t0/api build && pnpm --filter @t0/web build`.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // Migrates one embedded database per run: every product starts on a copy of it.
    globalSetup: ['./e2e/global-setup.ts'],
  },
});
