import { accountLinksPath, authTimeoutMs, sessionStandingPath, userTypes } from '@meritmatch/contracts';
import type { AppEnv, TokenConfirmation } from '@meritmatch/service-kit';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { SignedInSessions } from './data/signed-in-sessions';
import type { AccountSettings } from './domain/account-settings';
import type { Accounts } from './domain/accounts';
import type { EmailConfirmation } from './domain/email-confirmation';
import type { EmailReadLog } from './domain/email-reads';
import type { PasswordReset } from './domain/password-reset';
import type { ServiceAccounts } from './domain/service-accounts';
import type { SessionList } from './domain/session-list';
import type { TokenService } from './domain/tokens';
import { authRoutes } from './http/auth-routes';
import { authErrors } from './http/errors';
import {
  serviceAccountLinkRoutes,
  serviceTokenRoutes,
  serviceUserRoutes,
} from './http/internal-service-routes';
import { internalUserRoutes } from './http/internal-user-routes';
import type { LoginLimits } from './http/login-limits';
import type { ResetLimits } from './http/reset-limits';
import { sessionStandingRoutes } from './http/session-standing-routes';

export type Deps = ServiceAppBase & {
  accounts: Accounts;
  settings: AccountSettings;
  emailReads: EmailReadLog;
  serviceAccounts: ServiceAccounts;
  tokens: TokenService;
  limits: LoginLimits;
  passwordReset: PasswordReset;
  confirmation: EmailConfirmation;
  resetLimits: ResetLimits;
  sessionList: SessionList;
  sessions: SignedInSessions;
  /** Told when making a reset link failed (the caller got the usual answer). */
  onQuietError: (error: unknown) => void;
  gatewaySecret: string | undefined;
  /** A token's standing from this service's database (token-standing.ts), for `/internal/session`. */
  confirmToken: TokenConfirmation;
};

/** Accounts, sign-in, sessions and the public keys every process checks tokens with. */
export function createApp({
  accounts,
  settings,
  emailReads,
  serviceAccounts,
  tokens,
  limits,
  passwordReset,
  confirmation,
  resetLimits,
  sessionList,
  sessions,
  onQuietError,
  gatewaySecret,
  confirmToken,
  ...base
}: Deps) {
  const keys = new Hono<AppEnv>().get('/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await tokens.jwks());
  });
  return createAreaApp({
    ...base,
    service: 'auth',
    domainErrors: authErrors,
    // as long as the gateway waits: a hash waiting for a busy core is not cut short before it
    requestBudgetMs: authTimeoutMs,
    areas: [
      // public: registration and sign-in; /me and /logout check the token themselves
      {
        prefix: '/api/auth',
        routes: authRoutes({
          accounts,
          settings,
          limits,
          passwordReset,
          confirmation,
          resetLimits,
          sessionList,
          sessions,
          onQuietError,
          verifyToken: base.verifyToken,
          gatewaySecret,
        }),
      },
      { prefix: '/.well-known', routes: keys },
      // for the admin service only (never routed by the gateway)
      { prefix: '/internal/users', roles: ['admin'], routes: internalUserRoutes({ accounts, emailReads }) },
      // for services of the product (never routed by the gateway): their tokens, and what they may ask
      { prefix: '/internal/service-tokens', routes: serviceTokenRoutes({ serviceAccounts }) },
      { prefix: '/internal/service/users', roles: ['service'], routes: serviceUserRoutes({ accounts }) },
      {
        prefix: accountLinksPath,
        roles: ['service'],
        routes: serviceAccountLinkRoutes({ passwordReset, confirmation }),
      },
      // for every process whose registry of users cannot answer for a token yet
      {
        prefix: sessionStandingPath,
        roles: [...userTypes, 'service'],
        routes: sessionStandingRoutes({ confirm: confirmToken }),
      },
    ],
  });
}
