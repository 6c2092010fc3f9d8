import { parseEnv, serviceEnvSchema } from '@meritmatch/service-kit';
import type { z } from 'zod';

export const ZEnv = serviceEnvSchema(4103);
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
