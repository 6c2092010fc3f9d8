import { ZSessionStanding, ZTokenClaims } from '@meritmatch/contracts';
import { type AppEnv, type TokenConfirmation, tokenRefusals, unauthenticated } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import type { TokenStanding, TokenStandingQuery } from '../use-cases/token-standing';

/** A token confirmed by its standing in this service's database (401 with the reason otherwise). */
export const confirmByStanding =
  (standing: (query: TokenStandingQuery) => Promise<TokenStanding>): TokenConfirmation =>
  async (_token, claims) => {
    const answer = await standing({
      userId: claims.sub,
      role: claims.role,
      issuedAtMs: claims.iat_ms,
      tokenId: claims.jti,
    });
    if (answer !== 'active') throw unauthenticated(tokenRefusals[answer]);
  };

/**
 * `GET /internal/session` (never routed by the gateway), the bearer being the token in question:
 * whether its account is active and its session not ended, read from this service's own database
 * (`confirm`), not from the registry a broker outage may have left behind. Another process asks
 * it while its own registry cannot answer for a token (service-kit's `confirmWithAuth`).
 */
export const sessionStandingRoutes = ({ confirm }: { confirm: TokenConfirmation }) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const token = c.get('bearerToken');
    // its signature was checked by the area's authentication: only its claims are read here
    await confirm(token, ZTokenClaims.parse(decodeJwt(token)));
    return c.json(ZSessionStanding.parse({ status: 'active' }));
  });
