import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { recoveryCodeCount, secondFactorDigits, secondFactorPeriodSeconds } from '@meritmatch/contracts';
import type { Versioned } from '@meritmatch/service-kit/core';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import { type KeyEncryptionKeys, openKey, type SealedKey, sealKey } from './key-sealing';

/**
 * An admin's second factor (collection `second_factors`, keyed by user id, apart from the
 * account): the authenticator's secret sealed like the signing keys, a pending one while an
 * enrolment waits for its first code, the recovery codes' hashes, and the last time step whose
 * code was taken (no code of that step or an earlier one is taken again: no replay).
 */
export type SecondFactor = Versioned & {
  userId: string;
  secret: SealedKey | null;
  enrolledAt: Date | null;
  pending: { secret: SealedKey; startedAt: Date } | null;
  recoveryCodes: RecoveryCode[];
  lastStep: number;
};

export type RecoveryCode = { hash: string; usedAt: Date | null };

export const isEnrolled = (factor: SecondFactor | null): factor is SecondFactor & { secret: SealedKey } =>
  Boolean(factor?.secret);

/** The issuer an authenticator app shows beside the account. */
export const totpIssuer = 'MeritMatch';

/** Bound to the ciphertext (associated data): a sealed secret cannot be moved to another account. */
const sealId = (userId: string) => `second-factor/${userId}`;

/** A TOTP secret as typed or configured: base32, at least 160 bits. */
export const ZTotpSecret = z
  .string()
  .regex(/^[A-Z2-7]{32,}$/, { message: 'must be base32 (A-Z, 2-7), at least 32 characters' });

export const newSecret = () => new Secret({ size: 20 });

/** A secret given as base32 (how authenticator apps and the environment write it). */
export const secretFromBase32 = (base32: string) =>
  Secret.fromBase32(base32.replace(/\s/g, '').toUpperCase());

/** A secret sealed under the current KEK, as a symmetric JWK (`kty: oct`). */
export const sealSecret = (secret: Secret, userId: string, keks: KeyEncryptionKeys): SealedKey =>
  sealKey({ kty: 'oct', k: Buffer.from(secret.bytes).toString('base64url') }, sealId(userId), keks.current);

export function openSecret(sealed: SealedKey, userId: string, keks: KeyEncryptionKeys): Secret {
  const jwk = openKey(sealed, sealId(userId), keks);
  return new Secret({ buffer: new Uint8Array(Buffer.from(String(jwk.k), 'base64url')).buffer });
}

/** The TOTP of RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
export const totpOf = (secret: Secret, label = '') =>
  new TOTP({
    issuer: totpIssuer,
    label,
    secret,
    algorithm: 'SHA1',
    digits: secondFactorDigits,
    period: secondFactorPeriodSeconds,
  });

/** The code of a secret (base32) at a time: what the admin-code command and the tests compute. */
export const currentCode = (base32Secret: string, timestamp = Date.now()) =>
  totpOf(Secret.fromBase32(base32Secret)).generate({ timestamp });

/**
 * The time step of a code that fits the secret now (one step either side, for clocks a little
 * apart), or null. Constant-time comparison is otpauth's.
 */
export function stepOfCode(secret: Secret, code: string, now: number): number | null {
  const digits = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${secondFactorDigits}}$`).test(digits)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

// ─── Recovery codes ──────────────────────────────────

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Ten codes of 16 characters from a 31-letter alphabet (about 79 bits each): so many that a
 * fast hash (SHA-256) is enough to keep them: nobody can try them all against a copy of the
 * database, and no key is needed, so a KEK rotation leaves them working.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const bytes = randomBytes(16);
    const letters = [...bytes].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]).join('');
    return letters.match(/.{4}/g)!.join('-');
  });
}

/** How a recovery code is compared: lower case, without spaces or dashes. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const hashOfRecoveryCode = (code: string) =>
  createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** The index of the unused recovery code a typed code is, or -1 (every hash compared in constant time). */
export function unusedRecoveryCode(codes: RecoveryCode[], typed: string): number {
  const given = Buffer.from(hashOfRecoveryCode(typed), 'hex');
  let found = -1;
  codes.forEach((code, index) => {
    const stored = Buffer.from(code.hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given) && !code.usedAt) found = index;
  });
  return found;
}
