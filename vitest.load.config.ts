import { defineConfig } from 'vitest/config';

// The load suite (issue #9): one file, alone, so the unit tests neither slow it down nor are slowed by it.
export default defineConfig({
  test: {
    include: ['config-service/src/**/*.load.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
