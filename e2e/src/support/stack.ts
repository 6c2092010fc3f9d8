import { backendProcesses, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import { inject } from 'vitest';

/** The whole product, from the built web apps (turbo builds them before the e2e task). */
export const startProduct = (): Promise<Stack> =>
  startStack({ infra: inject('infra'), processes: [...backendProcesses, ...webProcesses] });
