import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'deploy', include: ['src/**/*.test.ts'], exclude: ['src/**/*.smoke.test.ts'] },
});
