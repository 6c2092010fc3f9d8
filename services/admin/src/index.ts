import { usersTopic } from '@meritmatch/contracts';
import { connectPlatform, jwksUrlOf, runService, startAuthentication } from '@meritmatch/service-kit';
import { createApp } from './app';
import { loadEnv } from './env';

await runService('admin', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'admin',
    env,
    logger,
    topics: [{ name: usersTopic, compacted: true }],
  });
  const authentication = await startAuthentication({
    platform,
    service: 'admin',
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
