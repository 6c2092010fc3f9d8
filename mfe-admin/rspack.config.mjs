import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

export default createWebConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  name: 'mfe_admin',
  port: 3003,
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'MeritMatch · Admin Dashboard (standalone)',
});
