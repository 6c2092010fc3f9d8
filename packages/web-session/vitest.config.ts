import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web-session', include: ['src/**/*.test.ts'], environment: 'node' },
});
