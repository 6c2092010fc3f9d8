import { connectPlatform, runService } from '@meritmatch/service-kit';
import { createApp } from './app';
import { loadEnv } from './env';

await runService('profile', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({ service: 'profile', env, logger, topics: [] });
  const app = createApp({ logger, readiness: platform.readiness });
  return { app, host: env.HOST, port: env.PORT, close: platform.close };
});
