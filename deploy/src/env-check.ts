import { ZEnv as ZAdminEnv } from '@meritmatch/admin/env';
import { ZEnv as ZAuthEnv } from '@meritmatch/auth/env';
import { ZGatewayEnv } from '@meritmatch/gateway/env';
import { ZEnv as ZMatchingEnv } from '@meritmatch/matching/env';
import { ZEnv as ZNotificationsEnv } from '@meritmatch/notifications/env';
import { ZEnv as ZProfileEnv } from '@meritmatch/profile/env';
import { parseEnv } from '@meritmatch/service-kit';
import type { z } from 'zod';
import { type ComposeFile, environmentOf } from './compose-file';

/** The Node processes of the compose file and the schema each parses its environment with. */
export const processSchemas: Record<string, z.ZodObject> = {
  auth: ZAuthEnv,
  profile: ZProfileEnv,
  matching: ZMatchingEnv,
  admin: ZAdminEnv,
  notifications: ZNotificationsEnv,
  gateway: ZGatewayEnv,
};

/**
 * Variables compose already sets for work landing beside this one (the gateway's shared
 * secret and rate-limit store, the auth service's key-encryption key): their schemas are
 * not on this branch yet. Each entry goes once its schema knows the variable.
 */
const pendingVariables: Record<string, string[]> = {
  auth: ['GATEWAY_SECRET', 'SIGNING_KEY_ENCRYPTION_KEY'],
  profile: ['GATEWAY_SECRET'],
  matching: ['GATEWAY_SECRET'],
  admin: ['GATEWAY_SECRET'],
  gateway: ['GATEWAY_SECRET', 'MONGO_URL'],
};

/**
 * Variables Node and the C library read before the process does (its heap's sizing), which no
 * schema parses: matching's compose service sets `NODE_OPTIONS` for its start (infra/src/product.ts).
 */
const runtimeVariables = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

export type ProcessCheck = { service: string; problem?: string };

/**
 * Parses every Node container's environment (secrets read from their files) with the
 * process's own schema, as the process does at start, and refuses variables the process
 * would ignore (a typo, or a stale name).
 */
export function checkProcesses(compose: ComposeFile, projectDir: string): ProcessCheck[] {
  return Object.entries(processSchemas).map(([service, schema]) => {
    if (!compose.services[service]) return { service, problem: 'not in the compose file' };
    const environment = environmentOf(compose, service, projectDir);
    const known = new Set([
      ...Object.keys(schema.shape),
      ...runtimeVariables,
      ...(pendingVariables[service] ?? []),
    ]);
    const unknown = Object.keys(environment).filter((key) => !known.has(key.replace(/_FILE$/, '')));
    if (unknown.length > 0)
      return { service, problem: `sets variables it does not read: ${unknown.join(', ')}` };
    try {
      parseEnv(schema, environment);
      return { service };
    } catch (error) {
      return { service, problem: error instanceof Error ? error.message : String(error) };
    }
  });
}
