import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'node-build', include: ['src/**/*.test.ts'] },
});
