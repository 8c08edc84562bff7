import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file makes its own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run: every test file copies those databases instead of making its own.
    globalSetup: ['./test/global-setup.ts'],
  },
});
