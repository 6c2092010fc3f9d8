import type { AppEnv } from '@meritmatch/service-kit';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Accounts } from './domain/accounts';
import type { EmailReadLog } from './domain/email-reads';
import type { TokenService } from './domain/tokens';
import { authRoutes } from './http/auth-routes';
import { authErrors } from './http/errors';
import { internalUserRoutes } from './http/internal-user-routes';
import type { LoginLimits } from './http/login-limits';

export type Deps = ServiceAppBase & {
  accounts: Accounts;
  emailReads: EmailReadLog;
  tokens: TokenService;
  limits: LoginLimits;
  gatewaySecret: string | undefined;
};

/** Accounts, sign-in, sessions and the public keys every process checks tokens with. */
export function createApp({ accounts, emailReads, tokens, limits, gatewaySecret, ...base }: Deps) {
  const keys = new Hono<AppEnv>().get('/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await tokens.jwks());
  });
  return createAreaApp({
    ...base,
    service: 'auth',
    domainErrors: authErrors,
    areas: [
      // public: registration and sign-in; /me and /logout check the token themselves
      {
        prefix: '/api/auth',
        routes: authRoutes({ accounts, limits, verifyToken: base.verifyToken, gatewaySecret }),
      },
      { prefix: '/.well-known', routes: keys },
      // for the admin service only (never routed by the gateway)
      { prefix: '/internal/users', roles: ['admin'], routes: internalUserRoutes({ accounts, emailReads }) },
    ],
  });
}
