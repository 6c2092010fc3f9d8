import { usersTopic } from '@meritmatch/contracts';
import {
  connectPlatform,
  OutboxRelay,
  runService,
  startAuthentication,
  syncIndexes,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createSigningKeyRepository } from './data/signing-keys';
import { createUserRepository } from './data/users';
import { createAccounts } from './domain/accounts';
import { createTokenService } from './domain/tokens';
import { loadEnv } from './env';
import { createLoginLimits } from './http/login-limits';

await runService('auth', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'auth',
    env,
    logger,
    topics: [{ name: usersTopic, compacted: true }],
  });
  const users = createUserRepository(platform.connection);
  const tokens = await createTokenService(createSigningKeyRepository(platform.connection), {
    ttlSeconds: env.TOKEN_TTL_SECONDS,
  });
  await syncIndexes(platform.connection);

  const relay = new OutboxRelay({
    sources: [{ model: users.model, topic: platform.topic(usersTopic) }],
    producer: platform.producer,
    logger,
  });
  relay.start();
  const accounts = createAccounts({ users, tokens, published: (key) => relay.notify(users.model, key) });
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
    readiness: [...platform.readiness, authentication.readiness],
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
    close: async () => {
      await relay.stop();
      await authentication.statuses.stop();
      await platform.close();
    },
  };
});
