import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

export default createWebConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'mfe_jobseeker',
  port: 3001,
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'MeritMatch · Job Seeker Dashboard (standalone)',
});
