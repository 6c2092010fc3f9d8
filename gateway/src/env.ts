import { parseEnv, ZBaseEnv, ZKafkaBrokers, ZUrl } from '@meritmatch/service-kit';
import { z } from 'zod';

const ZOrigins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' })));

export const ZGatewayEnv = ZBaseEnv.extend({
  PORT: ZBaseEnv.shape.PORT.default(4100),
  AUTH_URL: ZUrl.default('http://127.0.0.1:4101'),
  PROFILE_URL: ZUrl.default('http://127.0.0.1:4102'),
  MATCHING_URL: ZUrl.default('http://127.0.0.1:4103'),
  ADMIN_URL: ZUrl.default('http://127.0.0.1:4104'),
  /** Where the auth service serves its public keys; by default on AUTH_URL. */
  JWKS_URL: ZUrl.optional(),
  /** The web origins allowed to call the API from a browser (the shell's address). */
  WEB_ORIGINS: ZOrigins.default(['http://localhost:3000', 'http://127.0.0.1:3000']),
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(15000),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(100 * 1024),
  KAFKA_BROKERS: ZKafkaBrokers,
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
});
export type GatewayEnv = z.infer<typeof ZGatewayEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) =>
  parseEnv(ZGatewayEnv, source);
