import { defineConfig } from 'vitest/config';

/** Unit tests beside the code (`src/**\/*.test.ts`). Browser tests have their own config. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
