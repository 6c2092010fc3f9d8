import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@meritmatch/web-build';

export default createWebConfig({ dir: dirname(fileURLToPath(import.meta.url)), name: 'shell', port: 3000 });
