import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'faults',
    // src/cases/ holds the cases one-stack.fault.test.ts runs on its stack: they are not files of their own
    include: ['src/*.fault.test.ts'],
    globalSetup: ['@meritmatch/testkit/global-setup'],
    testTimeout: 300000,
    hookTimeout: 240000,
    // each file runs a whole stack (one-stack's with a broker and a database of its own): one at a time on two cores
    fileParallelism: false,
  },
});
