import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { InfraProfile } from './profiles';

/**
 * The second factor of the embedded default's admin: a TOTP secret (base32) from the environment
 * (`ADMIN_SECOND_FACTOR_SECRET`), else made once and kept under .data beside the admin's
 * credentials. The auth service enrols the admin with it at start; `npm run admin-code` prints
 * its current code, so a newcomer signs in within a minute.
 */
export function localSecondFactorSecret(profile: InfraProfile) {
  if (process.env.ADMIN_SECOND_FACTOR_SECRET) return process.env.ADMIN_SECOND_FACTOR_SECRET;
  const file = join(profile.dir, 'admin-second-factor-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const created = new Secret({ size: 20 }).base32;
  mkdirSync(profile.dir, { recursive: true });
  writeFileSync(file, `${created}\n`, { mode: 0o600 });
  return created;
}

/** The code of the secret at a time (RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30 s). */
export const adminCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** Seconds the current code still works. */
export const codeSecondsLeft = (timestamp = Date.now()) => 30 - (Math.floor(timestamp / 1000) % 30);
