import { defineConfig } from 'vitest/config';

/**
 * Every workspace's tests as projects of one run, for the root scripts `test:unit`, `test:int`,
 * `test:e2e`. (The test command, `npm test`, runs each workspace's own `test` through turbo.)
 */
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'services/*',
      'gateway',
      'shells/*',
      'mfe-*',
      'infra',
      'e2e',
      'faults',
      'security',
    ],
  },
});
