import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

export default createWebConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'mfe_employer',
  port: 3002,
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'MeritMatch · Employer Dashboard (standalone)',
});
