import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'auth',
    include: ['src/**/*.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 60000,
    hookTimeout: 120000,
    // the files share one module graph: no test mocks a module or keeps state in one, and the
    // service's modules (kit, mongoose, kafkajs) are then imported once instead of once a file
    isolate: false,
  },
});
