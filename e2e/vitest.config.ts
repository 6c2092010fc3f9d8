import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 120000,
    // what the user sees, waited for generously: a busy two-core machine renders slowly
    expect: { poll: { timeout: 20000, interval: 100 } },
    hookTimeout: 180000,
    // each file runs a whole stack and a browser: one at a time on two cores
    fileParallelism: false,
  },
});
