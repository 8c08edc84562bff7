import { defineConfig } from 'vitest/config';

/** Unit tests beside the code (`src/**\/*.test.ts`). Browser tests have their own config. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The files run one after another in a worker that imports React, Mantine and the app's modules
    // once instead of once per file (none mocks a module, fakes timers or changes globals): on a
    // busy 2-core machine the 25 files took 25 s of CPU (import 218 s of 314 s wall) with a fresh
    // module state per file, 6 s (import 40 s of 51 s) without.
    isolate: false,
  },
});
