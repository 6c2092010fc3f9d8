import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWTVerifyGetKey, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserStatusRegistry } from '../messaging/user-status';
import { createTokenVerifier, tokenAudience, tokenIssuer, tokenType, verifiedTokenTtlMs } from './auth';

const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
const publicJwk = await exportJWK(publicKey);

/** The JWKS as the verifier reads it, counting each signature check that needed the key. */
function countingKeys() {
  const keys = { lookups: 0, withdrawn: false };
  const getKey: JWTVerifyGetKey = async () => {
    keys.lookups += 1;
    if (keys.withdrawn) throw new Error('no such key');
    return importJWK(publicJwk, 'EdDSA');
  };
  return { keys, getKey };
}

/** Users as the registry knows them: everyone active, unless revoked here. */
function statuses(revoked = new Set<string>()) {
  return {
    ready: true,
    knows: () => true,
    isRevoked: (userId: string) => revoked.has(userId),
    isSessionEnded: () => false,
  } as unknown as UserStatusRegistry;
}

async function token(userId: string, lifetimeSeconds = 900) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'employer', iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'EdDSA', typ: tokenType })
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(privateKey);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token verifier', () => {
  it("checks a token's signature once and its account on every call", async () => {
    const { keys, getKey } = countingKeys();
    const revoked = new Set<string>();
    const verify = createTokenVerifier({ jwks: getKey, statuses: statuses(revoked) });
    const userId = randomUUID();
    const bearer = await token(userId);

    await expect(verify(bearer)).resolves.toMatchObject({ userId, role: 'employer' });
    await expect(verify(bearer)).resolves.toMatchObject({ userId, role: 'employer' });
    expect(keys.lookups).toBe(1);

    revoked.add(userId);
    await expect(verify(bearer)).rejects.toMatchObject({
      message: 'Your account is not active; please sign in again',
    });
  });

  it('refuses a checked token once it expires, and checks its signature again after a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { keys, getKey } = countingKeys();
    const verify = createTokenVerifier({ jwks: getKey, statuses: statuses() });
    const shortLived = await token(randomUUID(), 30);
    const longLived = await token(randomUUID());
    await verify(shortLived);
    await verify(longLived);
    expect(keys.lookups).toBe(2);

    vi.setSystemTime(Date.now() + 31 * 1000);
    await expect(verify(shortLived)).rejects.toMatchObject({
      message: 'Your session has expired; please sign in again',
    });

    // a key withdrawn from the JWKS stops being trusted once the checked token's minute is over
    keys.withdrawn = true;
    await expect(verify(longLived)).resolves.toMatchObject({ role: 'employer' });
    vi.setSystemTime(Date.now() + verifiedTokenTtlMs);
    await expect(verify(longLived)).rejects.toMatchObject({ message: 'Invalid token' });
  });

  it('never takes a token that differs in any character for one it checked', async () => {
    const { getKey } = countingKeys();
    const verify = createTokenVerifier({ jwks: getKey, statuses: statuses() });
    const bearer = await token(randomUUID());
    await verify(bearer);
    const [header, payload, signature] = bearer.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(verify(forged)).rejects.toMatchObject({ message: 'Invalid token' });
  });
});
