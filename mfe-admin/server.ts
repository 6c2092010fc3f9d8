import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv, startWebServer } from '@meritmatch/web-server';

await startWebServer({
  name: 'mfe-admin',
  root: join(dirname(fileURLToPath(import.meta.url)), 'dist'),
  port: portFromEnv(3003),
  crossOrigin: true,
});
