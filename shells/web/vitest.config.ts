import { webTestProject } from '@meritmatch/web-testkit/vitest';

export default webTestProject('shell-web');
