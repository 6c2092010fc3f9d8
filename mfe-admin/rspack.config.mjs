import { createRemoteConfig } from '@meritmatch/web-build';

export default createRemoteConfig(import.meta.url, {
  name: 'mfe_admin',
  port: 3003,
  title: 'MeritMatch · Admin Dashboard (standalone)',
});
