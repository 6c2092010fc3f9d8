import {
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import type { Accounts } from './domain/accounts';
import type { EmailReadLog } from './domain/email-reads';
import type { TokenService } from './domain/tokens';
import { authRoutes } from './http/auth-routes';
import { authErrors } from './http/errors';
import { internalUserRoutes } from './http/internal-user-routes';
import type { LoginLimits } from './http/login-limits';

export type Deps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  accounts: Accounts;
  emailReads: EmailReadLog;
  tokens: TokenService;
  limits: LoginLimits;
  verifyToken: TokenVerifier;
  gatewaySecret: string | undefined;
};

export function createApp({
  logger,
  readiness,
  accounts,
  emailReads,
  tokens,
  limits,
  verifyToken,
  gatewaySecret,
}: Deps) {
  const app = createServiceApp({ service: 'auth', logger, readiness, domainErrors: authErrors });
  app.route('/api/auth', authRoutes({ accounts, limits, verifyToken, gatewaySecret }));
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await tokens.jwks());
  });
  app.route('/internal/users', internalUserRoutes({ accounts, emailReads, verifyToken }));
  return app;
}
