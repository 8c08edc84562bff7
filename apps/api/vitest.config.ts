import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file makes its own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // A worker imports the app once and runs file after file in it: importing it afresh for every
    // file (fastify, the AWS SDK, PGlite, every router) cost about 5 s of CPU per file. Files keep
    // no state between them: each starts its own app on its own database and closes it afterwards;
    // module-level state is keyed by the app's objects or reloaded when an app starts.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run: every test file copies those databases instead of making its own.
    globalSetup: ['./test/global-setup.ts'],
  },
});
