import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores on CI: keep parallelism modest so timing-sensitive process tests stay honest.
    maxWorkers: 2,
  },
});
