import { parseEnv, ZBaseEnv, ZDataEnv, ZGatewaySecret } from '@meritmatch/service-kit';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const ZEnv = ZBaseEnv.extend(ZDataEnv.shape).extend({
  PORT: ZBaseEnv.shape.PORT.default(4101),
  /** Session lifetime: one working day. There is no refresh token; signing in again renews it. */
  TOKEN_TTL_SECONDS: positiveInt(8 * 60 * 60),
  /** The first admin, created on start when no account with this e-mail exists. */
  ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
  /** Failed sign-ins allowed per account, and sign-in attempts per address, in the window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(10),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: positiveInt(100),
  LOGIN_WINDOW_SECONDS: positiveInt(15 * 60),
  /** The gateway's secret: only requests carrying it have their `x-forwarded-for` believed. */
  GATEWAY_SECRET: ZGatewaySecret.optional(),
});
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
