import { randomUUID } from 'node:crypto';
import type { AccountType } from '@meritmatch/contracts';
import { tokenAlgorithm, tokenAudience, tokenIssuer, tokenType } from '@meritmatch/service-kit';
import { createLocalJWKSet, importJWK, type JSONWebKeySet, type JWTVerifyGetKey, SignJWT } from 'jose';
import type { SigningKey, SigningKeyRepository } from '../data/signing-keys';

export type TokenService = {
  /** A token for a person, or (with its own shorter `ttlSeconds`) for a service account. */
  issue: (subject: { userId: string; userType: AccountType; ttlSeconds?: number }) => Promise<string>;
  jwks: () => Promise<JSONWebKeySet>;
  /** Key lookup for verifying this service's own tokens without a network round trip. */
  localKeys: () => JWTVerifyGetKey;
  rotate: () => Promise<string>;
  refresh: () => Promise<void>;
};

/**
 * Signs access tokens with the newest key: iss, aud, sub (user id), role, jti, iat, exp.
 * Keys are re-read every few seconds so that a rotation done by another instance (or the
 * rotate-signing-key command) is picked up.
 */
export async function createTokenService(
  keys: SigningKeyRepository,
  {
    ttlSeconds,
    clock = () => new Date(),
    reloadMs = 5000,
  }: { ttlSeconds: number; clock?: () => Date; reloadMs?: number },
): Promise<TokenService> {
  let current: SigningKey[] = [];
  let loadedAt = 0;
  let jwkSet: JSONWebKeySet = { keys: [] };
  let local = createLocalJWKSet(jwkSet);
  // importing a JWK costs more than signing: keep the imported key of each kid
  const imported = new Map<string, ReturnType<typeof importJWK>>();

  const load = async () => {
    let all = await keys.all();
    if (all.length === 0) all = [await keys.create(clock())];
    current = all;
    loadedAt = Date.now();
    jwkSet = {
      keys: all.map((key) => ({ ...key.publicJwk, kid: key.id, alg: tokenAlgorithm, use: 'sig' })),
    };
    local = createLocalJWKSet(jwkSet);
  };
  let reloading: Promise<void> | undefined;
  /**
   * Keys are read again in the background when stale: signing and the JWKS never wait on the
   * database (a stalled database must not stall every token check in the product).
   */
  const fresh = async () => {
    if (Date.now() - loadedAt <= reloadMs || reloading) return;
    reloading = load()
      .catch(() => undefined)
      .finally(() => {
        reloading = undefined;
      });
  };
  await load();

  return {
    async issue({ userId, userType, ttlSeconds: lifetime = ttlSeconds }) {
      await fresh();
      const key = current[0]!;
      let privateKey = imported.get(key.id);
      if (!privateKey) {
        privateKey = importJWK(key.privateJwk, tokenAlgorithm);
        imported.set(key.id, privateKey);
      }

      const nowMs = clock().getTime();
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({ role: userType, iat_ms: nowMs })
        .setProtectedHeader({ alg: tokenAlgorithm, kid: key.id, typ: tokenType })
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + Math.min(lifetime, ttlSeconds))
        .sign(await privateKey);
    },
    async jwks() {
      await fresh();
      return jwkSet;
    },
    localKeys: () => (token, input) => local(token, input),
    async rotate() {
      const created = await keys.create(clock());
      // keys older than a token's lifetime can no longer have valid tokens
      await keys.removeOlderThan(new Date(clock().getTime() - ttlSeconds * 1000 - 60000), created.id);
      await load();
      return created.id;
    },
    refresh: load,
  };
}
