import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'auth',
    include: ['src/**/*.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 60000,
    hookTimeout: 120000,
    // route tests run the service in process: its password-hashing threads load TypeScript
    execArgv: ['--import', 'tsx'],
  },
});
