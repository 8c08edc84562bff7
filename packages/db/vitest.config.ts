import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Several tests make an embedded database from nothing (initdb, seconds of WebAssembly): on a
    // 2-core machine shared with other work that passed 30 s (data-dir-lock.int.test.ts).
    testTimeout: 120_000,
    // Three files at a time: they wait on PostgreSQL and on files as much as they compute
    // (2026-11-30, quiet 2-core machine: one at a time 52 s, three 35 s).
    maxWorkers: 3,
    hookTimeout: 120_000,
    globalSetup: ['./src/global-setup.ts'],
  },
});
