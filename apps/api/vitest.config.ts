import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file makes its own databases. Four files at a time on a 2-core machine: the files wait on
    // their apps' loops, streams and timers more than they compute, and two at a time left a third
    // of the machine idle. On 2026-11-30 (quiet 2-core machine, the 130 files): two at a time 588 s,
    // three 451 s, four 347 s (the machine 90 % busy), the same tests passing each time.
    maxWorkers: 4,
    // A worker keeps the modules it imported from one file to the next: each file still starts
    // its own app on its own database, but the app's code is imported once per worker, not once
    // per file (import time 146 s -> 11 s over the 96 files; the suite 419 s -> 302 s on a 2-core
    // machine). What a file changes globally it puts back (fake timers are restored in `finally`).
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run: every test file copies those databases instead of making its own.
    globalSetup: ['./test/global-setup.ts'],
  },
});
