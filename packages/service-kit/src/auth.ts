import { type AccountType, type TokenClaims, userTypes, ZTokenClaims } from '@meritmatch/contracts';
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AppEnv, Caller } from './app';
import { ApiError, unauthenticated } from './errors';
import { currentContext } from './request-context';
import type { UserStatusRegistry } from './user-status';

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

export type TokenVerifierOptions = {
  /** The auth service's JWKS; keys are cached and an unknown `kid` triggers a refetch (rotation). */
  jwks: URL | JWTVerifyGetKey;
  statuses: UserStatusRegistry;
  issuer?: string;
  audience?: string;
};

export function createTokenVerifier({
  jwks,
  statuses,
  issuer = tokenIssuer,
  audience = tokenAudience,
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
  return async (token) => {
    const claims = await claimsOf(token);
    if (!statuses.ready && !(await statuses.whenReady(10000))) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'Account status is not known yet; try again shortly');
    }
    const { sub, iat_ms: issuedAtMs, jti, role, exp, iat } = claims;
    // the auth service never issues a token living longer than this: one that does was not its own
    if (exp - iat > maxTokenLifetimeSeconds) throw unauthenticated('Invalid token');
    // a subject nobody knows is refused; one who has just registered may still be on its way
    if (!statuses.knows(sub)) {
      const fresh = Date.now() - issuedAtMs < newUserGraceMs;
      if (!fresh || !(await statuses.whenKnown(sub, 5000))) throw unauthenticated('Invalid token');
    }
    if (statuses.isRevoked(sub, issuedAtMs)) {
      throw unauthenticated('Your account is not active; please sign in again');
    }
    if (statuses.isSessionEnded(jti)) throw unauthenticated('Your session has ended; please sign in again');
    const session = { userId: sub, tokenId: jti, expiresAt: new Date(exp * 1000) };
    // a service token becomes a ServiceIdentity, never an Identity (see Caller)
    return role === 'service' ? { ...session, role: 'service' as const } : { ...session, role };
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
