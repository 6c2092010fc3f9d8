import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'skills', include: ['src/**/*.test.ts'] },
});
