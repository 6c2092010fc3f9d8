import { randomUUID } from 'node:crypto';
import {
  accountNoticesTopic,
  defaultInactiveAccountMonths,
  erasuresTopic,
  personalDataReadsTopic,
  sessionsTopic,
  systemSettingsTopic,
  usersTopic,
  ZSystemSettingsEvent,
} from '@meritmatch/contracts';
import { limitUpkeep, runPlatformService, syncIndexes } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createAccountLinkData, forgetEndedLinks } from './data/account-links';
import { createErasureData } from './data/erasures';
import { forgetAddressInLimits } from './data/limit-slots';
import { createEmailReadRepository } from './data/personal-data-reads';
import { createSecondFactorData } from './data/second-factors';
import { createServiceAccountData } from './data/service-accounts';
import { createSessionData } from './data/sessions';
import { createSignedInSessions } from './data/signed-in-sessions';
import { createSigningKeyRepository } from './data/signing-keys';
import { createAccountData } from './data/users';
import { createLinkTokens } from './domain/link-tokens';
import { createChallenges } from './domain/second-factor-challenge';
import { keyEncryptionKeys, loadEnv } from './env';
import { createLoginLimits } from './http/login-limits';
import { createResetLimits } from './http/reset-limits';
import { createSecondFactorLimits } from './http/second-factor-limits';
import { confirmByStanding } from './http/session-standing-routes';
import { startErasureProgress } from './messaging/erasure-progress';
import { createAccountSettings } from './use-cases/account-settings';
import { createAccounts } from './use-cases/accounts';
import { createEmailChange } from './use-cases/email-change';
import { createEmailConfirmation } from './use-cases/email-confirmation';
import { createEmailReadLog } from './use-cases/email-reads';
import { createErasures } from './use-cases/erasures';
import { createPasswordReset } from './use-cases/password-reset';
import { createRetention } from './use-cases/retention';
import { createSecondFactors } from './use-cases/second-factors';
import { createServiceAccounts } from './use-cases/service-accounts';
import { createSessionList } from './use-cases/session-list';
import { createTokenStanding } from './use-cases/token-standing';
import { createTokenService } from './use-cases/tokens';
import { releaseHashingThreads } from './workers/passwords';

await runPlatformService('auth', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: personalDataReadsTopic },
    { name: accountNoticesTopic },
    { name: erasuresTopic },
    { name: systemSettingsTopic, compacted: true },
  ],
  async start({ env, logger, platform, authenticate }) {
    const users = await createAccountData(platform.connection, (options) =>
      platform.aggregateStore({ ...options, topic: usersTopic }),
    );
    const { rekeyed, keysWritten } = users.started;
    if (rekeyed > 0 || keysWritten > 0)
      logger.info({ rekeyed, keysWritten }, 'accounts keyed by user id, address keys written');
    const services = createServiceAccountData(platform.connection, (options) =>
      platform.aggregateStore({ ...options, topic: usersTopic }),
    );
    const sessions = createSessionData(platform.connection, (options) =>
      platform.aggregateStore({ ...options, topic: sessionsTopic }),
    );
    const accountLinks = createAccountLinkData(platform.connection, (options) =>
      platform.aggregateStore({ ...options, topic: accountNoticesTopic }),
    );
    const emailReads = createEmailReadLog({
      repository: createEmailReadRepository(platform),
      newId: randomUUID,
    });
    const signingKeys = createSigningKeyRepository(platform.connection, keyEncryptionKeys(env));
    const sealed = await signingKeys.sealAll();
    if (sealed > 0) logger.info({ keys: sealed }, 'signing keys sealed with the current key-encryption key');
    const tokens = await createTokenService(signingKeys, { ttlSeconds: env.TOKEN_TTL_SECONDS });
    // the first admin is written below: the unique e-mail must hold before that
    await syncIndexes(platform.connection);
    const accounts = createAccounts({ store: users.store, queries: users.queries, sessions, tokens });
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const outcome = await accounts.ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      logger.info({ email: env.ADMIN_EMAIL, outcome }, 'admin account');
      // nothing else hashes until the first sign-up or sign-in
      if (outcome === 'created') await releaseHashingThreads();
    }
    const secondFactorData = createSecondFactorData(platform.connection, (options) =>
      platform.aggregateStore(options),
    );
    const secondFactors = createSecondFactors({
      store: secondFactorData.store,
      queries: users.queries,
      tokens,
      challenges: createChallenges(env.SIGNING_KEY_ENCRYPTION_KEY),
      keks: keyEncryptionKeys(env),
      policy: env.ADMIN_SECOND_FACTOR,
    });
    const resealed = await secondFactors.sealAll(await secondFactorData.userIds());
    if (resealed > 0)
      logger.info({ secondFactors: resealed }, 'second factors sealed with the current key-encryption key');
    if (env.ADMIN_EMAIL && env.ADMIN_SECOND_FACTOR_SECRET) {
      const enrolment = await secondFactors.ensureEnrolled(env.ADMIN_EMAIL, env.ADMIN_SECOND_FACTOR_SECRET);
      logger.info({ email: env.ADMIN_EMAIL, enrolment }, 'admin second factor');
    }
    const serviceAccounts = createServiceAccounts({
      store: services.store,
      list: services.list,
      tokens,
      configured: env.SERVICE_ACCOUNTS,
      ttlSeconds: env.SERVICE_TOKEN_TTL_SECONDS,
    });
    const plan = await serviceAccounts.sync();
    logger.info(
      {
        configured: [...env.SERVICE_ACCOUNTS.keys()],
        created: plan.create,
        retired: plan.retire.map((a) => a.name),
      },
      'service accounts',
    );
    // the sweep runs a minute from now, once the limits below exist
    const upkeep = limitUpkeep(logger, 'sign-in limit', async () => {
      await limits.sweep();
      await resetLimits.sweep();
      await secondFactorLimits.sweep();
      await signedIn.sweep();
      await forgetEndedLinks(accountLinks);
    });
    platform.onClose(async () => upkeep.stop());
    const limits = createLoginLimits({
      failuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      connection: platform.connection,
      onStoreError: upkeep.onStoreError,
    });
    const resetLimits = createResetLimits({
      requestsPerEmail: env.RESET_MAX_REQUESTS_PER_EMAIL,
      requestsPerAddress: env.RESET_MAX_REQUESTS_PER_ADDRESS,
      windowSeconds: env.RESET_WINDOW_SECONDS,
      connection: platform.connection,
      onStoreError: upkeep.onStoreError,
    });
    const secondFactorLimits = createSecondFactorLimits({
      failuresPerAccount: env.SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.SECOND_FACTOR_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      connection: platform.connection,
      onStoreError: upkeep.onStoreError,
    });
    const linkTokens = createLinkTokens(env.SIGNING_KEY_ENCRYPTION_KEY);
    const linkDeps = {
      accounts: users.store,
      queries: users.queries,
      links: accountLinks,
      tokens: linkTokens,
    };
    const passwordReset = createPasswordReset(linkDeps);
    const confirmation = createEmailConfirmation(linkDeps);
    const emailChange = createEmailChange(linkDeps);
    const standing = createTokenStanding({
      accountOf: users.queries.accountOf,
      serviceAccountOf: async (userId) =>
        (await services.list()).find((account) => account.userId === userId) ?? null,
      sessionEnded: async (tokenId) => (await sessions.load(tokenId)) !== null,
    });
    const confirmToken = confirmByStanding(standing);
    const signedIn = createSignedInSessions(platform.connection, {
      touchEverySeconds: env.SESSION_LAST_USED_EVERY_SECONDS,
    });
    const sessionList = createSessionList({
      records: signedIn,
      queries: users.queries,
      ended: sessions,
      logout: (identity) => accounts.logout(identity),
    });
    const erasureData = createErasureData(platform.connection, (options) =>
      platform.aggregateStore({ ...options, topic: erasuresTopic }),
    );
    const erasures = createErasures({
      accounts: users.store,
      queries: users.queries,
      erasures: erasureData.store,
      records: erasureData,
      forgetOwnData: async ({ userId, email }) => {
        await accountLinks.model.deleteMany({ userId });
        await signedIn.forget(userId);
        await secondFactorData.store.model.deleteOne({ _id: userId });
        await forgetAddressInLimits(platform.connection, email);
      },
      resendEveryMs: env.ERASURE_RESEND_SECONDS * 1000,
    });
    await startErasureProgress({ platform, erasures });
    const erasureUpkeep = setInterval(() => {
      erasures.upkeep().then(
        (done) =>
          (done.finished > 0 || done.resent > 0 || done.recorded > 0) && logger.info(done, 'erasure upkeep'),
        (error: unknown) => logger.warn({ err: error }, 'erasure upkeep failed'),
      );
    }, env.ERASURE_UPKEEP_SECONDS * 1000);
    platform.onClose(async () => clearInterval(erasureUpkeep));
    // the retention limit's months (System Settings): 12 until the admin's settings are read
    let inactiveMonths = defaultInactiveAccountMonths;
    await platform.snapshot({
      name: 'system-settings',
      topic: systemSettingsTopic,
      schema: ZSystemSettingsEvent,
      apply: (event) => {
        inactiveMonths = event.data.inactiveAccountMonths;
      },
      // only the daily retention run needs it
      impact: 'degraded',
    });
    const retention = createRetention({
      accounts: users.store,
      queries: users.queries,
      erasures,
      months: () => inactiveMonths,
    });
    const retentionRun = () =>
      retention.run().then(
        (done) => logger.info(done, 'retention limit: inactive accounts reminded, hidden and erased'),
        (error: unknown) => logger.warn({ err: error }, 'the retention run failed: it runs again tomorrow'),
      );
    // once a day, the first a few minutes after the start (the settings are read by then)
    const firstRetentionRun = setTimeout(retentionRun, env.RETENTION_FIRST_RUN_SECONDS * 1000);
    const dailyRetentionRun = setInterval(retentionRun, 24 * 3600 * 1000);
    platform.onClose(async () => {
      clearTimeout(firstRetentionRun);
      clearInterval(dailyRetentionRun);
    });
    return createApp({
      logger,
      erasures,
      retention,
      readiness: platform.readiness,
      // the service checks its own tokens with its own keys, without a network round trip, and
      // with its own database while its registry cannot answer for a token
      verifyToken: await authenticate(tokens.localKeys(), confirmToken),
      confirmToken,
      accounts,
      accountOf: users.queries.accountOf,
      settings: createAccountSettings({ accounts: users.store, queries: users.queries, tokens }),
      emailReads,
      serviceAccounts,
      tokens,
      limits,
      passwordReset,
      confirmation,
      emailChange,
      resetLimits,
      secondFactors,
      secondFactorLimits,
      sessionList,
      sessions: signedIn,
      onQuietError: (error) => logger.warn({ err: error }, 'work the caller did not wait for failed'),
      gatewaySecret: env.GATEWAY_SECRET,
    });
  },
});
