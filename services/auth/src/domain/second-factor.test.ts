import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  currentCode,
  hashOfRecoveryCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
  stepOfCode,
  unusedRecoveryCode,
} from './second-factor';
import { createChallenges } from './second-factor-challenge';

const kek = randomBytes(32);

describe('TOTP codes', () => {
  const secret = newSecret();
  const at = 1_800_000_015_000;

  it('takes a code of the step, or one step either side, and answers its step', () => {
    const step = Math.floor(at / 30_000);
    expect(stepOfCode(secret, currentCode(secret.base32, at), at)).toBe(step);
    expect(stepOfCode(secret, currentCode(secret.base32, at + 30_000), at)).toBe(step + 1);
    expect(stepOfCode(secret, currentCode(secret.base32, at - 30_000), at)).toBe(step - 1);
    expect(stepOfCode(secret, currentCode(secret.base32, at + 90_000), at)).toBeNull();
    expect(stepOfCode(secret, 'abcdef', at)).toBeNull();
  });

  it('keeps the secret sealed, bound to its account', () => {
    const sealed = sealSecret(secret, 'user-1', { current: kek });
    expect(JSON.stringify(sealed)).not.toContain(secret.base32);
    expect(openSecret(sealed, 'user-1', { current: kek }).base32).toBe(secret.base32);
    expect(() => openSecret(sealed, 'user-2', { current: kek })).toThrow();
    const next = randomBytes(32);
    expect(openSecret(sealed, 'user-1', { current: next, previous: kek }).base32).toBe(secret.base32);
  });
});

describe('recovery codes', () => {
  it('makes ten different codes and finds an unused one however it is typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const stored = codes.map((code) => ({ hash: hashOfRecoveryCode(code), usedAt: null as Date | null }));
    expect(unusedRecoveryCode(stored, codes[3]!.toUpperCase().replaceAll('-', ' '))).toBe(3);
    stored[3]!.usedAt = new Date();
    expect(unusedRecoveryCode(stored, codes[3]!)).toBe(-1);
    expect(unusedRecoveryCode(stored, 'not-a-code')).toBe(-1);
  });
});

describe('challenges', () => {
  const challenges = createChallenges(kek);
  const challenge = { userId: 'user-1', issuedAtMs: 1000, expiresAtMs: 61_000, enrol: true };

  it('reads back what it issued until it expires', () => {
    const token = challenges.issue(challenge);
    expect(challenges.read(token, 2000)).toEqual(challenge);
    expect(challenges.read(token, 61_000)).toBeNull();
  });

  it('refuses a changed or foreign challenge', () => {
    const token = challenges.issue(challenge);
    const [claims, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: 'admin-2', i: 1000, e: 61_000, n: true })).toString(
      'base64url',
    );
    expect(challenges.read(`${forged}.${mac}`, 2000)).toBeNull();
    expect(challenges.read(`${claims}.${mac.slice(1)}x`, 2000)).toBeNull();
    expect(createChallenges(randomBytes(32)).read(token, 2000)).toBeNull();
  });
});
