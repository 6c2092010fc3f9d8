import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { offeredModules } from '@meritmatch/web-build';
import { webTestProject } from '@meritmatch/web-testkit/vitest';
import { mergeConfig } from 'vitest/config';

// what the build defines for the federation host (src/federation/host.ts), here too
export default mergeConfig(webTestProject('shell-web'), {
  define: { MERITMATCH_SHARED: JSON.stringify(offeredModules(dirname(fileURLToPath(import.meta.url)))) },
});
