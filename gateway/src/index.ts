import { usersTopic } from '@meritmatch/contracts';
import {
  confirmWithAuth,
  connectPlatform,
  limitUpkeep,
  runService,
  SlotStore,
  startAuthentication,
} from '@meritmatch/service-kit';
import { createGateway } from './app';
import { trustedProxies } from './client-address';
import { breakerSettingsOf, loadEnv, serviceUrlsOf } from './env';
import { configureLimitRules, createRateLimits } from './limits/rate-limits';
import { createUpstreams } from './upstreams';

await runService('gateway', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'gateway',
    env,
    logger,
    topics: [{ name: usersTopic, compacted: true }],
  });
  const { connection } = platform;
  const { verifyToken } = await startAuthentication({
    platform,
    service: 'gateway',
    logger,
    jwks: new URL(env.JWKS_URL ?? new URL('/.well-known/jwks.json', env.AUTH_URL).toString()),
    usersTopic,
    // while its registry cannot answer for a token (a start during a broker outage), auth is asked
    confirm: confirmWithAuth(env.AUTH_URL),
  });

  const store = new SlotStore(connection);
  const upkeep = limitUpkeep(logger, 'rate-limit', () => store.sweep());
  const limits = createRateLimits({
    rules: configureLimitRules(env.RATE_LIMITS, env.RATE_LIMIT_MULTIPLIER),
    store,
    onStoreError: upkeep.onStoreError,
  });

  const services = serviceUrlsOf(env);
  const upstreams = createUpstreams({ services, logger, breaker: breakerSettingsOf(env) });
  const app = createGateway({
    logger,
    // the rate-limit store has an in-memory stand-in: the gateway stays ready without MongoDB
    readiness: platform.readiness.filter((check) => check.name !== 'mongodb'),
    services,
    upstreams,
    verifyToken,
    webOrigins: env.WEB_ORIGINS,
    timeoutMs: env.PROXY_TIMEOUT_MS,
    maxBodyBytes: env.MAX_BODY_BYTES,
    limits,
    isTrustedProxy: trustedProxies(env.TRUSTED_PROXIES),
    gatewaySecret: env.GATEWAY_SECRET,
  });
  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: async () => {
      upkeep.stop();
      upstreams.close();
      await platform.close();
    },
  };
});
