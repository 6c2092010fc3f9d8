import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'faults',
    include: ['src/**/*.fault.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 300000,
    hookTimeout: 240000,
    // each file runs a whole stack with a broker (or database) of its own: one at a time on two cores
    fileParallelism: false,
  },
});
