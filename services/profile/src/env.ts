import { parseEnv, ZBaseEnv, ZDataEnv, ZGatewaySecret, ZServiceUrls } from '@meritmatch/service-kit';
import type { z } from 'zod';

export const ZEnv = ZBaseEnv.extend(ZDataEnv.shape)
  .extend(ZServiceUrls.shape)
  .extend({
    PORT: ZBaseEnv.shape.PORT.default(4102),
    /** The gateway's secret: only requests carrying it have their forwarded client address believed. */
    GATEWAY_SECRET: ZGatewaySecret.optional(),
  });
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
