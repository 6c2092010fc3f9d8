import { ZServiceAccountName } from '@meritmatch/contracts';
import { parseEnv, serviceEnvSchema } from '@meritmatch/service-kit';
import { z } from 'zod';

export const ZEnv = serviceEnvSchema(4104).extend({
  /**
   * This service's account at the auth service (its `SERVICE_ACCOUNTS` names it with the same
   * secret): the contact log asks matching for a decision's notes with it, outside any admin's request.
   */
  SERVICE_ACCOUNT_NAME: ZServiceAccountName.default('admin'),
  SERVICE_ACCOUNT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }),
});
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
