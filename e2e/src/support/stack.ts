import { backendProcesses, type Stack, startStack, webProcesses } from '@meritmatch/testkit';
import { inject } from 'vitest';

/**
 * The whole product as `npm start` runs it: the production builds (turbo builds them before the
 * e2e task), with the gateway's production rate limits: the stories must fit in them. Only sign-up
 * and sign-in are raised, since every person of a story signs up and in from this one address.
 */
export const startProduct = (): Promise<Stack> =>
  startStack({
    infra: inject('infra'),
    processes: [...backendProcesses, ...webProcesses],
    extraEnv: { gateway: { RATE_LIMIT_MULTIPLIER: '1', RATE_LIMITS: 'sign-up=200/3600,sign-in=200/300' } },
    build: 'production',
  });
