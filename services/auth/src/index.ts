import { sessionsTopic, usersTopic } from '@meritmatch/contracts';
import { connectPlatform, runService, startAuthentication, syncIndexes } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createSessionData } from './data/sessions';
import { createSigningKeyRepository } from './data/signing-keys';
import { createAccountData } from './data/users';
import { createAccounts } from './domain/accounts';
import { createTokenService } from './domain/tokens';
import { keyEncryptionKeys, loadEnv } from './env';
import { createLoginLimits } from './http/login-limits';

await runService('auth', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'auth',
    env,
    logger,
    topics: [{ name: usersTopic, compacted: true }],
  });
  const users = await createAccountData(platform.connection, (options) =>
    platform.aggregateStore({ ...options, topic: usersTopic }),
  );
  const sessions = createSessionData(platform.connection, (options) =>
    platform.aggregateStore({ ...options, topic: sessionsTopic }),
  );
  const signingKeys = createSigningKeyRepository(platform.connection, keyEncryptionKeys(env));
  const sealed = await signingKeys.sealAll();
  if (sealed > 0) logger.info({ keys: sealed }, 'signing keys sealed with the current key-encryption key');
  const tokens = await createTokenService(signingKeys, { ttlSeconds: env.TOKEN_TTL_SECONDS });
  await syncIndexes(platform.connection);

  const accounts = createAccounts({ store: users.store, queries: users.queries, sessions, tokens });
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await accounts.ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    logger.info({ email: env.ADMIN_EMAIL, outcome }, 'admin account');
  }
  const authentication = await startAuthentication({
    platform,
    service: 'auth',
    logger,
    jwks: tokens.localKeys(),
    usersTopic,
  });

  const app = createApp({
    logger,
    readiness: platform.readiness,
    accounts,
    tokens,
    limits: createLoginLimits({
      failuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
    }),
    verifyToken: authentication.verifyToken,
    gatewaySecret: env.GATEWAY_SECRET,
  });
  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: platform.close,
  };
});
