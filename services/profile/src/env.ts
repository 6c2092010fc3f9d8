import { parseEnv, ZBaseEnv, ZDataEnv, ZServiceUrls } from '@meritmatch/service-kit';
import type { z } from 'zod';

export const ZEnv = ZBaseEnv.extend(ZDataEnv.shape)
  .extend(ZServiceUrls.shape)
  .extend({ PORT: ZBaseEnv.shape.PORT.default(4102) });
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
