import { parseEnv, serviceEnvSchema } from '@meritmatch/service-kit';
import { z } from 'zod';

export const ZEnv = serviceEnvSchema(4103).extend({
  /** How often due saved-search digests are looked for (each is due a day after the last). */
  DIGEST_POLL_MS: z.coerce.number().int().min(1000).max(3600000).default(60000),
});
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
