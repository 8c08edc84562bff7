import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Several tests make an embedded database from nothing (initdb, seconds of WebAssembly): on a
    // 2-core machine shared with other work that passed 30 s (data-dir-lock.int.test.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['./src/global-setup.ts'],
  },
});
