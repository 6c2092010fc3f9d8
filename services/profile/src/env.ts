import { parseEnv, ZBaseEnv, ZDataEnv } from '@meritmatch/service-kit';

export const ZEnv = ZBaseEnv.extend(ZDataEnv.shape).extend({
  PORT: ZBaseEnv.shape.PORT.default(4102),
});
export type Env = ReturnType<typeof loadEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
