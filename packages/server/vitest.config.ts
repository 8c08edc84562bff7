import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files run one after another in a worker that imports the modules once (none mocks a
    // module, fakes timers or changes process.env).
    isolate: false,
  },
});
