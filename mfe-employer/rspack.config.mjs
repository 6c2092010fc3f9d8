import { createRemoteConfig } from '@meritmatch/web-build';

export default createRemoteConfig(import.meta.url, {
  name: 'mfe_employer',
  port: 3002,
  title: 'MeritMatch · Employer Dashboard (standalone)',
});
