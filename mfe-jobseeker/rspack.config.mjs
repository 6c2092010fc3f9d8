import { createRemoteConfig } from '@meritmatch/web-build';

export default createRemoteConfig(import.meta.url, {
  name: 'mfe_jobseeker',
  port: 3001,
  title: 'MeritMatch · Job Seeker Dashboard (standalone)',
});
