import { usersTopic } from '@meritmatch/contracts';
import { connectPlatform, jwksUrlOf, runService, startAuthentication } from '@meritmatch/service-kit';
import { createApp } from './app';
import { loadEnv } from './env';

await runService('profile', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'profile',
    env,
    logger,
    topics: [{ name: usersTopic, compacted: true }],
  });
  const authentication = await startAuthentication({
    platform,
    service: 'profile',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });
  const app = createApp({
    logger,
    readiness: [...platform.readiness, authentication.readiness],
    verifyToken: authentication.verifyToken,
  });
  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: async () => {
      await authentication.statuses.stop();
      await platform.close();
    },
  };
});
