import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'notifications',
    include: ['src/**/*.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
