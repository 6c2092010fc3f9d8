import { ZSecondFactorPolicy, ZServiceAccountName } from '@meritmatch/contracts';
import {
  maxTokenLifetimeSeconds,
  parseEnv,
  ZBaseEnv,
  ZDataEnv,
  ZGatewaySecret,
} from '@meritmatch/service-kit';
import { z } from 'zod';
import { ZTotpSecret } from './domain/second-factor';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A 256-bit key, given as base64 (e.g. `openssl rand -base64 32`). */
export const ZKeyEncryptionKey = z
  .string()
  .transform((value) => Buffer.from(value.trim(), 'base64'))
  .refine((key) => key.length === 32, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' });

/** The key-encryption keys of the signing keys: read by the service and its command-line tools. */
export const ZKeyEncryptionEnv = z.object({
  /** Seals the private signing keys in the database (AES-256-GCM). */
  SIGNING_KEY_ENCRYPTION_KEY: ZKeyEncryptionKey,
  /** The KEK before a rotation: keys sealed with it are opened and sealed again at start. */
  SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS: ZKeyEncryptionKey.optional(),
});

export const keyEncryptionKeys = (env: z.infer<typeof ZKeyEncryptionEnv>) => ({
  current: env.SIGNING_KEY_ENCRYPTION_KEY,
  previous: env.SIGNING_KEY_ENCRYPTION_KEY_PREVIOUS,
});

/** `notifications=<secret>,other=<secret>`: each service account's name and its secret (32+ characters). */
export const ZServiceAccounts = z.string().transform((value, context) => {
  const accounts = new Map<string, string>();
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = entry.slice(0, at);
    const secret = entry.slice(at + 1);
    if (at < 1 || !ZServiceAccountName.safeParse(name).success || secret.length < 32 || accounts.has(name)) {
      context.addIssue({
        code: 'custom',
        message:
          'must be name=secret pairs, comma-separated (a lower-case name, a secret of 32+ characters, each name once)',
      });
      return z.NEVER;
    }
    accounts.set(name, secret);
  }
  return accounts;
});

export const ZEnv = ZBaseEnv.extend(ZDataEnv.shape)
  .extend(ZKeyEncryptionEnv.shape)
  .extend({
    PORT: ZBaseEnv.shape.PORT.default(4101),
    /** Session lifetime: one working day. There is no refresh token; signing in again renews it. */
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .max(maxTokenLifetimeSeconds, { message: 'must be at most 86400 (one day)' })
      .default(8 * 60 * 60),
    /** How often a session's "last used" may be written (a write per session at most this often). */
    SESSION_LAST_USED_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** The first admin, created on start when no account with this e-mail exists. */
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
    /** Failed sign-ins allowed per account, and sign-in attempts per address, in the window. */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(10),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: positiveInt(100),
    LOGIN_WINDOW_SECONDS: positiveInt(15 * 60),
    /** Whether every admin must sign in with a second factor (compose: required), or only those who set one up. */
    ADMIN_SECOND_FACTOR: ZSecondFactorPolicy.default('optional'),
    /**
     * The embedded default's demo admin: enrolled at start with this TOTP secret (base32) unless
     * enrolled already, so that `npm run admin-code` can print its codes. Not for production.
     */
    ADMIN_SECOND_FACTOR_SECRET: ZTotpSecret.optional(),
    /** Wrong second-factor codes per account, and codes tried per address, in LOGIN_WINDOW_SECONDS. */
    SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
    SECOND_FACTOR_MAX_ATTEMPTS_PER_ADDRESS: positiveInt(30),
    /** Reset links asked per e-mail address, and reset requests per client address, in the window. */
    RESET_MAX_REQUESTS_PER_EMAIL: positiveInt(5),
    RESET_MAX_REQUESTS_PER_ADDRESS: positiveInt(30),
    RESET_WINDOW_SECONDS: positiveInt(60 * 60),
    /** The gateway's secret: only requests carrying it have their `x-forwarded-for` believed. */
    GATEWAY_SECRET: ZGatewaySecret.optional(),
    /**
     * Services of the product with an identity of their own: `name=secret` pairs, comma-separated
     * (a compose secret: `SERVICE_ACCOUNTS_FILE`). Each may ask for short-lived service tokens.
     */
    SERVICE_ACCOUNTS: ZServiceAccounts.default(new Map()),
    /** How often unfinished erasures are looked at (finished, or asked again). */
    ERASURE_UPKEEP_SECONDS: positiveInt(60),
    /** How long a service may stay silent on an erasure before it is asked again. */
    ERASURE_RESEND_SECONDS: positiveInt(60 * 60),
    /** When the first daily run of the retention limit comes after a start. */
    RETENTION_FIRST_RUN_SECONDS: positiveInt(5 * 60),
    /** How long a service token lives. */
    SERVICE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  });
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
