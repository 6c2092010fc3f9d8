import { webTestProject } from '@meritmatch/web-testkit/vitest';

export default webTestProject('ui');
