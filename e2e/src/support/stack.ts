import { backendProcesses, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import { inject } from 'vitest';

/** The whole product as `npm start` runs it: the production builds (turbo builds them before the e2e task). */
export const startProduct = (): Promise<Stack> =>
  startStack({
    infra: inject('infra'),
    processes: [...backendProcesses, ...webProcesses],
    build: 'production',
  });
