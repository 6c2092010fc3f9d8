// @ts-check
// Plain JavaScript: vitest loads a config's workspace imports with Node itself.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The vitest project of a web app (`vitest.config.ts`: `export default webTestProject('mfe-admin')`):
 * component tests beside the code, in happy-dom, with the fake API started and reset by the setup.
 *
 * @param {string} name
 */
export const webTestProject = (name) =>
  defineProject({
    test: {
      name,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      // generous on a busy two-core machine: these tests wait for what the user sees, not for a clock
      testTimeout: 30000,
      setupFiles: [fileURLToPath(new URL('./setup.ts', import.meta.url))],
    },
  });
