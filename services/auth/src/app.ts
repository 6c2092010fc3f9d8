import {
  accountLinksPath,
  authTimeoutMs,
  emailChangesPath,
  myDataPath,
  myDataRoles,
  sessionStandingPath,
  userTypes,
} from '@meritmatch/contracts';
import type { AppEnv, TokenConfirmation } from '@meritmatch/service-kit';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { SignedInSessions } from './data/signed-in-sessions';
import { authRoutes } from './http/auth-routes';
import { authErrors } from './http/errors';
import {
  serviceAccountLinkRoutes,
  serviceEmailChangeRoutes,
  serviceTokenRoutes,
  serviceUserRoutes,
} from './http/internal-service-routes';
import { internalErasureRoutes, internalUserRoutes } from './http/internal-user-routes';
import type { LoginLimits } from './http/login-limits';
import { myDataRoutes } from './http/my-data-routes';
import type { ResetLimits } from './http/reset-limits';
import type { SecondFactorLimits } from './http/second-factor-limits';
import { secondFactorErrors, secondFactorRoutes } from './http/second-factor-routes';
import { sessionStandingRoutes } from './http/session-standing-routes';
import type { AccountSettings } from './use-cases/account-settings';
import type { AccountQueries, Accounts } from './use-cases/accounts';
import type { EmailChange } from './use-cases/email-change';
import type { EmailConfirmation } from './use-cases/email-confirmation';
import type { EmailReadLog } from './use-cases/email-reads';
import type { Erasures } from './use-cases/erasures';
import type { PasswordReset } from './use-cases/password-reset';
import type { Retention } from './use-cases/retention';
import type { SecondFactors } from './use-cases/second-factors';
import type { ServiceAccounts } from './use-cases/service-accounts';
import type { SessionList } from './use-cases/session-list';
import type { TokenService } from './use-cases/tokens';

export type Deps = ServiceAppBase & {
  accounts: Accounts;
  /** The stored account of a user id ("Download my data"). */
  accountOf: AccountQueries['accountOf'];
  settings: AccountSettings;
  emailReads: EmailReadLog;
  /** "Delete my account", an admin's erasure, and the "Leaving" view. */
  erasures: Erasures;
  retention: Retention;
  serviceAccounts: ServiceAccounts;
  tokens: TokenService;
  limits: LoginLimits;
  passwordReset: PasswordReset;
  confirmation: EmailConfirmation;
  emailChange: EmailChange;
  resetLimits: ResetLimits;
  /** Admins' second factor: the step after the password, and enrolment. */
  secondFactors: SecondFactors;
  secondFactorLimits: SecondFactorLimits;
  sessionList: SessionList;
  sessions: SignedInSessions;
  /** Told when making a reset link failed (the caller got the usual answer). */
  onQuietError: (error: unknown) => void;
  gatewaySecret: string | undefined;
  /** A token's standing from this service's database (token-standing.ts), for `/internal/session`. */
  confirmToken: TokenConfirmation;
  /** How long a request for a reset link takes to answer (auth-routes.ts; route tests shorten it). */
  forgotPasswordAnswerMs?: number;
};

/** Accounts, sign-in, sessions and the public keys every process checks tokens with. */
export function createApp(deps: Deps) {
  const {
    logger,
    readiness,
    verifyToken,
    accounts,
    accountOf,
    emailReads,
    erasures,
    serviceAccounts,
    tokens,
    passwordReset,
    confirmation,
    emailChange,
    sessionList,
    confirmToken,
  } = deps;
  const keys = new Hono<AppEnv>().get('/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await tokens.jwks());
  });
  return createAreaApp({
    logger,
    readiness,
    verifyToken,
    service: 'auth',
    domainErrors: (error) => authErrors(error) ?? secondFactorErrors(error),
    // as long as the gateway waits: a hash waiting for a busy core is not cut short before it
    requestBudgetMs: authTimeoutMs,
    areas: [
      // public: registration and sign-in; /me and /logout check the token themselves
      { prefix: '/api/auth', routes: authRoutes(deps) },
      // an admin's second factor: the step after the password (public), and enrolment (admins)
      { prefix: '/api/auth', routes: secondFactorRoutes({ ...deps, limits: deps.secondFactorLimits }) },
      { prefix: '/.well-known', routes: keys },
      // the person's account for "Download my data", which the gateway composes (never routed on its own)
      {
        prefix: myDataPath,
        roles: myDataRoles,
        routes: myDataRoutes({ queries: { accountOf }, sessionList }),
      },
      // for the admin service only (never routed by the gateway)
      {
        prefix: '/internal/users',
        roles: ['admin'],
        routes: internalUserRoutes({ accounts, emailReads, erasures }),
      },
      { prefix: '/internal/erasures', roles: ['admin'], routes: internalErasureRoutes({ erasures }) },
      // for services of the product (never routed by the gateway): their tokens, and what they may ask
      { prefix: '/internal/service-tokens', routes: serviceTokenRoutes({ serviceAccounts }) },
      { prefix: '/internal/service/users', roles: ['service'], routes: serviceUserRoutes({ accounts }) },
      {
        prefix: accountLinksPath,
        roles: ['service'],
        routes: serviceAccountLinkRoutes({ passwordReset, confirmation, emailChange }),
      },
      {
        prefix: emailChangesPath,
        roles: ['service'],
        routes: serviceEmailChangeRoutes({ emailChange }),
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
