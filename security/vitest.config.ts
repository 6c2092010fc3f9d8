import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'security',
    include: ['src/**/*.security.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 120000,
    hookTimeout: 240000,
    // each file runs a whole stack: one at a time on two cores
    fileParallelism: false,
  },
});
