import { randomUUID } from 'node:crypto';
import type { AccountType, UserStatus } from '@meritmatch/contracts';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { Kafka } from 'kafkajs';
import { createLogger } from '../core/logger';
import { createTokenVerifier, tokenAlgorithm, tokenAudience, tokenIssuer, tokenType } from '../http/auth';
import { UserStatusRegistry } from '../messaging/user-status';

/** The registry as a process has it once its topics are read: here nothing is read, it is told. */
class ToldUserStatuses extends UserStatusRegistry {
  override get ready() {
    return true;
  }
}

/**
 * A user status registry that reads no topic and is ready at once: the test tells it the `users`
 * and `sessions` topics' news (`apply`, `applyEvent`, `endSession`).
 */
export const toldUserStatuses = (): UserStatusRegistry =>
  new ToldUserStatuses({
    kafka: {} as Kafka,
    topic: 'users',
    sessionsTopic: 'sessions',
    service: 'test',
    logger: createLogger('test-tokens', 'silent'),
  });

/**
 * Tokens for a service run in process: signed with a key made here, as the auth service signs
 * them, and checked by the kit's own verifier (`verifyToken` for `createApp`) against a user
 * status registry the test tells of registrations and suspensions, instead of the `users` topic.
 */
export async function testTokenSigner() {
  const { privateKey, publicKey } = await generateKeyPair(tokenAlgorithm, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const statuses = toldUserStatuses();
  const verifyToken = createTokenVerifier({
    jwks: async () => importJWK(publicJwk, tokenAlgorithm),
    statuses,
  });

  return {
    verifyToken,
    /** A token of a registered, active user (a new user id unless given). */
    async token(role: AccountType, userId: string = randomUUID()) {
      if (!statuses.knows(userId)) statuses.apply(userId, 'active', new Date(), 'registered');
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000);
      const token = await new SignJWT({ role, iat_ms: nowMs })
        .setProtectedHeader({ alg: tokenAlgorithm, typ: tokenType })
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + 900)
        .sign(privateKey);
      return { userId, token };
    },
    /** What the `users` topic would say of a suspension, deletion or restore. */
    setStatus: (userId: string, status: UserStatus) => statuses.apply(userId, status, new Date()),
  };
}

export type TestTokenSigner = Awaited<ReturnType<typeof testTokenSigner>>;
