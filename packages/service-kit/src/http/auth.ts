import { type AccountType, type TokenClaims, userTypes, ZTokenClaims } from '@meritmatch/contracts';
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AppEnv, Caller } from '../core/identity';
import { currentContext } from '../core/request-context';
import type { UserStatusRegistry } from '../messaging/user-status';
import { ApiError, unauthenticated } from './errors';

/** Tokens are signed by the auth service with Ed25519; no other algorithm is accepted. */
export const tokenAlgorithm = 'EdDSA';
export const tokenIssuer = 'meritmatch-auth';
export const tokenAudience = 'meritmatch';
/** The token type in the header (RFC 9068 access tokens): a token of another kind is refused. */
export const tokenType = 'at+jwt';
/** No token lives longer than this, whatever its `exp` says (the auth service issues at most this). */
export const maxTokenLifetimeSeconds = 24 * 60 * 60;
/** How long a check waits for the news of a user who has just registered. */
export const newUserGraceMs = 60000;

/** A token whose signature was checked is not checked again for this long (its claims still are, every time). */
export const verifiedTokenTtlMs = 60 * 1000;

export type TokenVerifier = (token: string) => Promise<Caller>;

/**
 * Asks the owner of accounts (the auth service) whether a token's account is active and its
 * session not ended; resolves if so, throws the owner's 401 if not, or a 503 when it cannot tell.
 */
export type TokenConfirmation = (token: string, claims: TokenClaims) => Promise<void>;

/** Why a token whose signature holds is refused, in the words every process answers with (401). */
export const tokenRefusals = {
  unknown: 'Invalid token',
  'not-active': 'Your account is not active; please sign in again',
  ended: 'Your session has ended; please sign in again',
} as const;

/** How long an owner's confirmation of one token is used again (a suspension reaches it within this). */
export const confirmationTtlMs = 2000;

export type TokenVerifierOptions = {
  /** The auth service's JWKS; keys are cached and an unknown `kid` triggers a refetch (rotation). */
  jwks: URL | JWTVerifyGetKey;
  statuses: UserStatusRegistry;
  issuer?: string;
  audience?: string;
  /**
   * The owner's word on a token, asked while the registry cannot answer for it: its topics are
   * not read yet (a process started while Kafka is down), or it does not know the user (whose
   * registration is still on its way, perhaps held in the owner's outbox by a broker outage).
   * Without it, such a check waits for the registry and then answers 503 (or 401 for a user
   * it never learns of).
   */
  confirm?: TokenConfirmation;
};

export function createTokenVerifier({
  jwks,
  statuses,
  issuer = tokenIssuer,
  audience = tokenAudience,
  confirm,
}: TokenVerifierOptions): TokenVerifier {
  const keys =
    jwks instanceof URL
      ? createRemoteJWKSet(jwks, {
          cacheMaxAge: 10 * 60 * 1000,
          cooldownDuration: 10 * 1000,
          timeoutDuration: 3000,
        })
      : jwks;
  /**
   * Tokens whose signature and claims passed, by the token's exact text: a caller sends the same
   * token with every call, and the Ed25519 check is most of a call's CPU. An entry lives a minute
   * at most, so a key withdrawn from the JWKS stops being trusted soon; expiry and everything
   * about the account are checked on every call.
   */
  const verified = new LRUCache<string, { claims: TokenClaims; until: number }>({ max: 10000 });
  const claimsOf = async (token: string): Promise<TokenClaims> => {
    const known = verified.get(token);
    if (known && known.until > Date.now()) {
      const { claims } = known;
      const nowSeconds = Date.now() / 1000;
      if (claims.exp <= nowSeconds || claims.iat + maxTokenLifetimeSeconds <= nowSeconds) {
        verified.delete(token);
        throw unauthenticated('Your session has expired; please sign in again');
      }
      return claims;
    }
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: [tokenAlgorithm],
        issuer,
        audience,
        typ: tokenType,
        maxTokenAge: maxTokenLifetimeSeconds,
        requiredClaims: ['sub', 'iat', 'exp', 'jti', 'iat_ms'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || isFetchFailure(error)) {
        throw new ApiError('SERVICE_UNAVAILABLE', 'Sign-in keys are unavailable; try again shortly');
      }
      if (error instanceof joseErrors.JWTExpired)
        throw unauthenticated('Your session has expired; please sign in again');
      throw unauthenticated('Invalid token');
    }
    const claims = ZTokenClaims.safeParse(payload);
    if (!claims.success) throw unauthenticated('Invalid token');
    verified.set(token, { claims: claims.data, until: Date.now() + verifiedTokenTtlMs });
    return claims.data;
  };
  /** The owner's answers by token, for a moment: a page's burst of calls asks once. */
  const confirmations = new LRUCache<string, { until: number; answer: Promise<void> }>({ max: 10000 });
  const confirmed = (token: string, claims: TokenClaims): Promise<void> => {
    const known = confirmations.get(token);
    if (known && known.until > Date.now()) return known.answer;
    const answer = confirm!(token, claims);
    confirmations.set(token, { until: Date.now() + confirmationTtlMs, answer });
    // a failure that is not the owner's "no" is not kept: the next call asks again
    answer.catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) confirmations.delete(token);
    });
    return answer;
  };

  return async (token) => {
    const claims = await claimsOf(token);
    const { sub, iat_ms: issuedAtMs, jti, role, exp, iat } = claims;
    // the auth service never issues a token living longer than this: one that does was not its own
    if (exp - iat > maxTokenLifetimeSeconds) throw unauthenticated('Invalid token');
    const session = { userId: sub, tokenId: jti, expiresAt: new Date(exp * 1000) };
    // a service token becomes a ServiceIdentity, never an Identity (see Caller)
    const caller = (): Caller =>
      role === 'service' ? { ...session, role: 'service' as const } : { ...session, role };
    if (!statuses.ready) {
      if (confirm) {
        await confirmed(token, claims);
        return caller();
      }
      if (!(await statuses.whenReady(10000)))
        throw new ApiError('SERVICE_UNAVAILABLE', 'Account status is not known yet; try again shortly');
    }
    // a subject nobody knows is refused; one who has just registered may still be on its way
    if (!statuses.knows(sub)) {
      const fresh = Date.now() - issuedAtMs < newUserGraceMs;
      const arrived = fresh && (await statuses.whenKnown(sub, confirm ? 1000 : 5000));
      if (!arrived) {
        if (!confirm) throw unauthenticated(tokenRefusals.unknown);
        await confirmed(token, claims);
        if (statuses.isSessionEnded(jti)) throw unauthenticated(tokenRefusals.ended);
        return caller();
      }
    }
    if (statuses.isRevoked(sub, issuedAtMs)) throw unauthenticated(tokenRefusals['not-active']);
    if (statuses.isSessionEnded(jti)) throw unauthenticated(tokenRefusals.ended);
    return caller();
  };
}

function isFetchFailure(error: unknown) {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/);
  return match?.[1];
}

/**
 * Verifies the bearer token and the role: 401 for a missing, expired, bad or revoked token,
 * 403 for a wrong role. Without `roles`, any person's token passes and a service token does
 * not: a service token opens only what names `service`. Sets `identity` (a person) or
 * `service`, and `bearerToken`.
 */
export function authenticate(
  verify: TokenVerifier,
  roles: readonly AccountType[] = userTypes,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw unauthenticated('Authentication required');
    const caller = await verify(token);
    if (!roles.includes(caller.role)) {
      throw new ApiError('FORBIDDEN', 'Your account type cannot use this resource');
    }
    if (caller.role === 'service') c.set('service', caller);
    else c.set('identity', caller);
    c.set('bearerToken', token);
    const context = currentContext();
    if (context) context.actor = caller.userId;
    await next();
  };
}
