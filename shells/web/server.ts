import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv, startWebServer } from '@meritmatch/web-server';

/** Serves the built shell and its runtime configuration, read from the environment. */
const env = (name: string, fallback: string) => process.env[name] || fallback;

await startWebServer({
  name: 'shell',
  root: join(dirname(fileURLToPath(import.meta.url)), 'dist'),
  port: portFromEnv(3000),
  spa: true,
  runtimeConfig: {
    apiBaseUrl: env('API_BASE_URL', 'http://127.0.0.1:4100/api'),
    remotes: {
      jobseeker: env('MFE_JOBSEEKER_MANIFEST', 'http://127.0.0.1:3001/mf-manifest.json'),
      employer: env('MFE_EMPLOYER_MANIFEST', 'http://127.0.0.1:3002/mf-manifest.json'),
      admin: env('MFE_ADMIN_MANIFEST', 'http://127.0.0.1:3003/mf-manifest.json'),
    },
  },
});
