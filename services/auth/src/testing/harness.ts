import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountLinkKind,
  type AccountType,
  accountLinksPath,
  ZAccountLinkAnswer,
  ZSessionEvent,
  ZUserEvent,
} from '@meritmatch/contracts';
import { createLogger, createTokenVerifier, type TokenVerifier } from '@meritmatch/service-kit';
import { type CallInit, callApp } from '@meritmatch/service-kit/testing/in-process';
import type { MemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { memorySlotDatabase } from '@meritmatch/service-kit/testing/memory-slot-database';
import { toldUserStatuses } from '@meritmatch/service-kit/testing/token-signer';
import { createApp } from '../app';
import { createLinkTokens } from '../domain/link-tokens';
import { createChallenges } from '../domain/second-factor-challenge';
import { ZEnv } from '../env';
import { createLoginLimits } from '../http/login-limits';
import { createResetLimits } from '../http/reset-limits';
import { createSecondFactorLimits } from '../http/second-factor-limits';
import { confirmByStanding } from '../http/session-standing-routes';
import { createAccountSettings } from '../use-cases/account-settings';
import { createAccounts } from '../use-cases/accounts';
import { createEmailChange } from '../use-cases/email-change';
import { createEmailConfirmation } from '../use-cases/email-confirmation';
import { createEmailReadLog } from '../use-cases/email-reads';
import { createErasures } from '../use-cases/erasures';
import { createPasswordReset } from '../use-cases/password-reset';
import { createRetention } from '../use-cases/retention';
import { createSecondFactors } from '../use-cases/second-factors';
import { createServiceAccounts } from '../use-cases/service-accounts';
import { createSessionList } from '../use-cases/session-list';
import { createTokenStanding } from '../use-cases/token-standing';
import { createTokenService } from '../use-cases/tokens';
import {
  memoryAccountLinks,
  memoryAccounts,
  memoryEmailReads,
  memoryEndedSessions,
  memoryErasures,
  memorySecondFactors,
  memoryServiceAccounts,
  memorySignedInSessions,
  memorySigningKeys,
} from './memory-data';
import { quickPasswordHashing as passwords } from './quick-password-hashing';

/** Someone a test calls as, as testkit's `registerAccount` gives them. */
export type TestAccount = { id: string; email: string; password: string; token: string; userType: string };

/** The service's settings a route test may change, read as the service reads them (its defaults too). */
const ZHarnessEnv = ZEnv.pick({
  TOKEN_TTL_SECONDS: true,
  SESSION_LAST_USED_EVERY_SECONDS: true,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: true,
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: true,
  LOGIN_WINDOW_SECONDS: true,
  SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT: true,
  SECOND_FACTOR_MAX_ATTEMPTS_PER_ADDRESS: true,
  ADMIN_SECOND_FACTOR: true,
  ADMIN_SECOND_FACTOR_SECRET: true,
  RESET_MAX_REQUESTS_PER_EMAIL: true,
  RESET_MAX_REQUESTS_PER_ADDRESS: true,
  RESET_WINDOW_SECONDS: true,
  GATEWAY_SECRET: true,
  SERVICE_ACCOUNTS: true,
  ERASURE_RESEND_SECONDS: true,
  SERVICE_TOKEN_TTL_SECONDS: true,
});

/** Environment variables of the service, as `startStack`'s `extraEnv` gives them. */
export type AuthHarnessEnv = Partial<Record<keyof typeof ZHarnessEnv.shape, string>>;

const password = 'kestrel-Tide-42';

/** The fixed time of a request for a reset link, shortened: its parity is an integration test's. */
const forgotPasswordAnswerMs = 20;

/**
 * Feeds a registry the events a store would publish, as its topic's consumer would, with no lag:
 * each call applies those written since the last.
 */
function follow(stores: Array<MemoryAggregateStore<never>>, apply: (event: unknown) => void) {
  const seen = new Map<unknown, number>();
  return () => {
    for (const store of stores) {
      const events = store.published();
      for (const event of events.slice(seen.get(store) ?? 0)) apply(event);
      seen.set(store, events.length);
    }
  };
}

/**
 * The auth service in process, for route tests: `createApp` with its use cases over in-memory
 * stores, limits and signing keys. Tokens are the service's own, checked as the service checks
 * them: against its keys, and a user status registry fed at once with what its stores would
 * publish on `users` and `sessions`. Every call is `app.request`: no process, port or database.
 */
export async function authHarness(given: AuthHarnessEnv = {}) {
  // the notifications service's account, with which it asks for the links it mails
  const notificationsSecret = randomBytes(32).toString('base64url');
  const env = ZHarnessEnv.parse({ SERVICE_ACCOUNTS: `notifications=${notificationsSecret}`, ...given });
  const logger = createLogger('auth-test', 'silent');
  const keyEncryptionKey = randomBytes(32);
  const users = memoryAccounts();
  const services = memoryServiceAccounts();
  const ended = memoryEndedSessions();
  const links = memoryAccountLinks();
  const factors = memorySecondFactors();
  const erasureData = memoryErasures();
  const emailReads = memoryEmailReads();
  const signingKeys = memorySigningKeys();
  const signedIn = memorySignedInSessions({ touchEverySeconds: env.SESSION_LAST_USED_EVERY_SECONDS });
  const limitsDatabase = memorySlotDatabase();
  const quietErrors: unknown[] = [];
  const onStoreError = (error: unknown) => quietErrors.push(error);

  const tokens = await createTokenService(signingKeys, { ttlSeconds: env.TOKEN_TTL_SECONDS });
  const accounts = createAccounts({
    store: users.store,
    queries: users.queries,
    sessions: ended,
    tokens,
    passwords,
  });
  const linkTokens = createLinkTokens(keyEncryptionKey);
  const linkDeps = { accounts: users.store, queries: users.queries, links, tokens: linkTokens, passwords };
  const erasures = createErasures({
    accounts: users.store,
    queries: users.queries,
    erasures: erasureData.store,
    records: erasureData,
    forgetOwnData: async ({ userId }) => {
      for (const link of links.all()) if (link.userId === userId) links.remove(link.id);
      await signedIn.forget(userId);
      factors.store.remove(userId);
    },
    resendEveryMs: env.ERASURE_RESEND_SECONDS * 1000,
    passwords,
  });
  // a token's standing read straight from the stores in memory
  const confirmToken = confirmByStanding(
    createTokenStanding({
      accountOf: users.queries.accountOf,
      serviceAccountOf: async (userId) =>
        services.store.all().find((known) => known.userId === userId) ?? null,
      sessionEnded: async (tokenId) => ended.all().some((session) => session.id === tokenId),
    }),
  );
  // the `users` and `sessions` topics, read back by the service as its own consumers would
  const statuses = toldUserStatuses();
  const catchUp = follow([users.store, services.store] as never, (event) => {
    const user = ZUserEvent.safeParse(event);
    if (user.success) statuses.applyEvent(user.data);
  });
  const catchUpSessions = follow([ended] as never, (event) => {
    const session = ZSessionEvent.safeParse(event);
    if (session.success)
      statuses.endSession(session.data.data.sessionId, new Date(session.data.data.expiresAt));
  });
  const verify = createTokenVerifier({ jwks: tokens.localKeys(), statuses, confirm: confirmToken });
  const verifyToken: TokenVerifier = (token) => {
    catchUp();
    catchUpSessions();
    return verify(token);
  };
  const serviceAccounts = createServiceAccounts({
    ...services,
    tokens,
    configured: env.SERVICE_ACCOUNTS,
    ttlSeconds: env.SERVICE_TOKEN_TTL_SECONDS,
  });
  await serviceAccounts.sync();
  const admin = { email: 'admin@example.com', password: 'admin-Kestrel-Tide-42' };
  await accounts.ensureAdmin(admin.email, admin.password);
  const secondFactors = createSecondFactors({
    store: factors.store,
    queries: users.queries,
    tokens,
    challenges: createChallenges(keyEncryptionKey),
    keks: { current: keyEncryptionKey },
    policy: env.ADMIN_SECOND_FACTOR,
  });
  // the demo admin's factor, enrolled at start as the service does it
  if (env.ADMIN_SECOND_FACTOR_SECRET)
    await secondFactors.ensureEnrolled(admin.email, env.ADMIN_SECOND_FACTOR_SECRET);

  const app = createApp({
    logger,
    readiness: [],
    verifyToken,
    confirmToken,
    accounts,
    accountOf: users.queries.accountOf,
    settings: createAccountSettings({ accounts: users.store, queries: users.queries, tokens, passwords }),
    emailReads: createEmailReadLog({ repository: emailReads.repository, newId: randomUUID }),
    erasures,
    retention: createRetention({
      accounts: users.store,
      queries: users.queries,
      erasures,
      months: () => 12,
    }),
    serviceAccounts,
    tokens,
    limits: createLoginLimits({
      failuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      connection: limitsDatabase,
      onStoreError,
    }),
    passwordReset: createPasswordReset(linkDeps),
    confirmation: createEmailConfirmation(linkDeps),
    emailChange: createEmailChange(linkDeps),
    resetLimits: createResetLimits({
      requestsPerEmail: env.RESET_MAX_REQUESTS_PER_EMAIL,
      requestsPerAddress: env.RESET_MAX_REQUESTS_PER_ADDRESS,
      windowSeconds: env.RESET_WINDOW_SECONDS,
      connection: limitsDatabase,
      onStoreError,
    }),
    secondFactors,
    secondFactorLimits: createSecondFactorLimits({
      failuresPerAccount: env.SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.SECOND_FACTOR_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      connection: limitsDatabase,
      onStoreError,
    }),
    sessionList: createSessionList({
      records: signedIn,
      queries: users.queries,
      ended,
      logout: (identity) => accounts.logout(identity),
    }),
    sessions: signedIn,
    onQuietError: (error) => quietErrors.push(error),
    gatewaySecret: env.GATEWAY_SECRET,
    forgotPasswordAnswerMs,
  });

  const call = (path: string, init: CallInit = {}) => callApp(app, path, init);
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    call('/api/auth/login', { body: { email, password }, headers });
  return {
    app,
    /** Answers like testkit's `call`, with paths of the service (`/api/auth/login`). */
    call,
    /** A sign-in, as testkit's `signIn` through the gateway. */
    signIn,
    /** A new job seeker or employer, registered and signed in (as testkit's `registerAccount`). */
    async register(
      userType: 'job_seeker' | 'employer',
      email = `${userType.replace('_', '-')}-${randomBytes(4).toString('hex')}@example.com`,
    ): Promise<TestAccount> {
      const answer = await call('/api/auth/register', { body: { email, password, userType } });
      if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${answer.text}`);
      return { id: answer.body.user.id, email, password, token: answer.body.token, userType };
    },
    /** The notifications service's secret (`SERVICE_ACCOUNTS`), with which it asks for its tokens. */
    notificationsSecret,
    /** The first admin, as the service makes it at start (`ADMIN_EMAIL`, `ADMIN_PASSWORD`). */
    admin,
    /** The admin, signed in. */
    async adminAccount(): Promise<TestAccount> {
      const answer = await signIn(admin.email, admin.password);
      if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.status} ${answer.text}`);
      return {
        ...admin,
        id: answer.body.user.id,
        token: answer.body.token,
        userType: 'admin' as AccountType,
      };
    },
    /**
     * The tokens of an account's open links of one kind, oldest first, as the notifications
     * service gets them to mail (a link used, ended or expired has none).
     */
    async linkTokens(userId: string, kind: AccountLinkKind): Promise<string[]> {
      const service = await call('/internal/service-tokens', {
        body: { account: 'notifications', secret: notificationsSecret },
      });
      const tokens = [];
      for (const link of links.all().filter((link) => link.userId === userId && link.kind === kind)) {
        const answer = await call(`${accountLinksPath}/${link.id}`, { token: service.body.token });
        if (answer.status === 200) tokens.push(ZAccountLinkAnswer.parse(answer.body).token);
      }
      return tokens;
    },
    /** The stores, whose `published()` holds the events the service would have sent. */
    accounts: users.store,
    links,
    /** A new signing key, as `rotate-signing-key` writes it. */
    rotateSigningKey: signingKeys.rotate,
    /** What the service logged as failures the caller did not wait for. */
    quietErrors,
  };
}

export type AuthHarness = Awaited<ReturnType<typeof authHarness>>;
