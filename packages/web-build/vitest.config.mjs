import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web-build', include: ['src/**/*.test.mjs'], environment: 'node' },
});
