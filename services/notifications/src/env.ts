import { ZServiceAccountName } from '@meritmatch/contracts';
import { parseEnv, serviceEnvSchema } from '@meritmatch/service-kit';
import { z } from 'zod';

const positiveInt = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const ZEnv = serviceEnvSchema(4105).extend({
  /**
   * Where e-mail goes: `smtp://host:port` (Mailpit), `smtp://user:password@host:587` (STARTTLS) or
   * `smtps://user:password@host:465`. May hold a password: a compose secret (`SMTP_URL_FILE`).
   */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/\s]+/, { message: 'must be an smtp:// or smtps:// URL' }),
  /** This service's account at the auth service (its `SERVICE_ACCOUNTS` names it with the same secret). */
  SERVICE_ACCOUNT_NAME: ZServiceAccountName.default('notifications'),
  SERVICE_ACCOUNT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }),
  /** The web app's public address: the links in e-mails (a password reset) open it. */
  APP_URL: z
    .url({ message: "must be the web app's URL, e.g. https://meritmatch.example" })
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  /** The sender until an admin sets one in System Settings. */
  DEFAULT_SENDER_NAME: z.string().min(1).max(100).default('MeritMatch'),
  DEFAULT_SENDER_ADDRESS: z
    .email({ message: 'must be an e-mail address' })
    .default('no-reply@meritmatch.local'),
  /** Attempts at the mail server before a delivery is parked, and the first wait between them (doubling). */
  MAIL_MAX_ATTEMPTS: positiveInt(6, 50),
  MAIL_RETRY_BASE_MS: positiveInt(30000, 3600000),
  MAIL_RETRY_MAX_MS: positiveInt(30 * 60 * 1000, 24 * 3600000),
  /** How often due e-mails are looked for (a new one is sent at once). */
  MAIL_POLL_MS: positiveInt(2000, 60000),
  /** How often deliveries whose sender stopped mid-send are looked for. */
  MAIL_SWEEP_MS: positiveInt(30000, 3600000),
  /**
   * A delivery claimed longer ago than this, still not recorded as sent or failed, was left by a
   * stopped process: it is parked, not sent again. Longer than any SMTP time-out (50 s).
   */
  MAIL_SEND_LEASE_MS: positiveInt(5 * 60 * 1000, 24 * 3600000),
});
export type Env = z.infer<typeof ZEnv>;

export const loadEnv = (source: Record<string, string | undefined> = process.env) => parseEnv(ZEnv, source);
