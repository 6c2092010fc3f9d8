import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

const require = createRequire(import.meta.url);

export default createWebConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'shell',
  port: 3000,
  runtimePlugins: [require.resolve('./src/federation/remote-loading-plugin.ts')],
});
