import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web-server', include: ['src/**/*.test.ts'] },
});
