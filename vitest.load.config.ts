import { defineConfig } from 'vitest/config';
import { vitestTags } from './scripts/hardeningGroups.mjs';

// The load suite: one file, alone, so the unit tests neither slow it down nor are slowed by it.
export default defineConfig({
  test: {
    include: ['config-service/src/**/*.load.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    tags: vitestTags,
  },
});
