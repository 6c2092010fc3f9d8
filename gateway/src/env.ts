import { parseEnv, ZBaseEnv, ZDataEnv, ZGatewaySecret, ZKafkaBrokers, ZUrl } from '@meritmatch/service-kit';
import { z } from 'zod';
import { trustedProxies } from './client-address';
import { type LimitOverride, limitRuleNames } from './limits/rate-limits';

const ZOrigins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' })));

const ZList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const ZTrustedProxies = ZList.refine(
  (entries) => {
    try {
      trustedProxies(entries);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a comma-separated list of IP addresses or CIDRs' },
);

/** `RATE_LIMITS=sign-up=5/3600,search-minute=120/60`: points per seconds, by limit name. */
const ZLimitOverrides = ZList.transform((entries, context) => {
  const overrides: Record<string, LimitOverride> = {};
  for (const entry of entries) {
    const match = /^([a-z-]+)=(\d+)\/(\d+)$/.exec(entry);
    if (!match || !limitRuleNames.includes(match[1]!) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      context.addIssue({
        code: 'custom',
        message: `must be name=points/seconds with a name of ${limitRuleNames.join(', ')} (at "${entry}")`,
      });
      return z.NEVER;
    }
    overrides[match[1]!] = { points: Number(match[2]), durationSeconds: Number(match[3]) };
  }
  return overrides;
});

const positiveInt = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const ZGatewayEnv = ZBaseEnv.extend({
  PORT: ZBaseEnv.shape.PORT.default(4100),
  AUTH_URL: ZUrl.default('http://127.0.0.1:4101'),
  PROFILE_URL: ZUrl.default('http://127.0.0.1:4102'),
  MATCHING_URL: ZUrl.default('http://127.0.0.1:4103'),
  ADMIN_URL: ZUrl.default('http://127.0.0.1:4104'),
  NOTIFICATIONS_URL: ZUrl.default('http://127.0.0.1:4105'),
  /** Where the auth service serves its public keys; by default on AUTH_URL. */
  JWKS_URL: ZUrl.optional(),
  /** The web origins allowed to call the API from a browser (the shell's address). */
  WEB_ORIGINS: ZOrigins.default(['http://localhost:3000', 'http://127.0.0.1:3000']),
  /** How long the gateway waits for a service, unless the route table gives its route another time. */
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(5000),
  BREAKER_ERROR_PERCENT: positiveInt(50, 100),
  BREAKER_VOLUME_THRESHOLD: positiveInt(5, 10000),
  BREAKER_WINDOW_MS: positiveInt(10000, 600000),
  BREAKER_RESET_MS: positiveInt(5000, 600000),
  /** The gateway's own database: the shared rate-limit counters. */
  MONGO_URL: ZDataEnv.shape.MONGO_URL,
  MONGO_DB: ZDataEnv.shape.MONGO_DB.unwrap().default('meritmatch_gateway'),
  /** Proxies in front of the gateway whose `X-Forwarded-For` entries are believed. */
  TRUSTED_PROXIES: ZTrustedProxies.default([]),
  /** Sent to the services as `x-gateway-key`, so they believe the forwarded client address. */
  GATEWAY_SECRET: ZGatewaySecret,
  RATE_LIMITS: ZLimitOverrides.default({}),
  /** Scales every limit (tests and the demo seeder raise them; 1 in production). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(100000).default(1),
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

/** Each area's service, by its address in the environment. */
export const serviceUrlsOf = (env: GatewayEnv) => ({
  auth: env.AUTH_URL,
  profile: env.PROFILE_URL,
  matching: env.MATCHING_URL,
  admin: env.ADMIN_URL,
  notifications: env.NOTIFICATIONS_URL,
});

/** The circuit breakers' settings in the environment. */
export const breakerSettingsOf = (env: GatewayEnv) => ({
  errorThresholdPercentage: env.BREAKER_ERROR_PERCENT,
  volumeThreshold: env.BREAKER_VOLUME_THRESHOLD,
  windowMs: env.BREAKER_WINDOW_MS,
  resetTimeoutMs: env.BREAKER_RESET_MS,
});

export const loadEnv = (source: Record<string, string | undefined> = process.env) =>
  parseEnv(ZGatewayEnv, source);
