import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web-kit', include: ['src/**/*.test.ts'], environment: 'node' },
});
