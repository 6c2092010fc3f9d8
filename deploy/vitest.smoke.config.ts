import { defineConfig } from 'vitest/config';

/** `npm run compose:smoke`: builds the images and runs the product in containers (podman). */
export default defineConfig({
  test: {
    name: 'compose-smoke',
    include: ['src/**/*.smoke.test.ts'],
    testTimeout: 600000,
    hookTimeout: 2400000,
    fileParallelism: false,
    // every check by name in the output
    reporters: ['verbose'],
  },
});
