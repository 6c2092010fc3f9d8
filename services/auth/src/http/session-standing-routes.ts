import { ZSessionStanding, ZTokenClaims } from '@meritmatch/contracts';
import type { AppEnv, TokenConfirmation } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { decodeJwt } from 'jose';

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
