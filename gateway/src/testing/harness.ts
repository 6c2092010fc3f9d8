import { randomBytes } from 'node:crypto';
import type { AccountType } from '@meritmatch/contracts';
import { createLogger, SlotStore } from '@meritmatch/service-kit';
import { memorySlotDatabase } from '@meritmatch/service-kit/testing/memory-slot-database';
import { serveApp } from '@meritmatch/service-kit/testing/serve-app';
import { testTokenSigner } from '@meritmatch/service-kit/testing/token-signer';
import { createGateway } from '../app';
import { breakerSettingsOf, loadEnv, serviceUrlsOf } from '../env';
import { configureLimitRules, createRateLimits } from '../limits/rate-limits';
import type { Area } from '../routes';
import { createUpstreams } from '../upstreams';
import { fakeUpstream, type Reply, type Seen } from './fake-upstream';

const areas: Area[] = ['auth', 'profile', 'matching', 'admin', 'notifications'];

/** The web app's origin the gateway lets browsers call from. */
export const webOrigin = 'http://shell.test';

/**
 * The gateway in process, for its own behaviour (routing, tokens and roles, headers, limits,
 * time-outs and breakers, the export's assembly): `createGateway` as its environment configures
 * it (production defaults, limits raised as for every test stack unless `env` says otherwise),
 * served on a free port, in front of five fake services on ports of their own that answer what
 * the test tells them (`answer`). Tokens are signed here; the limits count in memory. No process,
 * database or broker.
 */
export async function gatewayHarness({
  env: extraEnv = {},
  answer = {},
}: {
  env?: Record<string, string>;
  answer?: Partial<Record<Area, (seen: Seen) => Reply | Promise<Reply>>>;
} = {}) {
  const services = Object.fromEntries(
    await Promise.all(areas.map(async (area) => [area, await fakeUpstream(answer[area])] as const)),
  ) as Record<Area, Awaited<ReturnType<typeof fakeUpstream>>>;
  const gatewaySecret = randomBytes(32).toString('base64url');
  const env = loadEnv({
    GATEWAY_SECRET: gatewaySecret,
    KAFKA_BROKERS: '127.0.0.1:9092',
    MONGO_URL: 'mongodb://127.0.0.1:27017',
    WEB_ORIGINS: webOrigin,
    RATE_LIMIT_MULTIPLIER: '1000',
    AUTH_URL: services.auth.url,
    PROFILE_URL: services.profile.url,
    MATCHING_URL: services.matching.url,
    ADMIN_URL: services.admin.url,
    NOTIFICATIONS_URL: services.notifications.url,
    ...extraEnv,
  });
  const logger = createLogger('gateway-test', 'silent');
  const tokens = await testTokenSigner();
  const slots = memorySlotDatabase();
  const urls = serviceUrlsOf(env);
  const closing: Array<() => unknown> = [];

  /** One gateway instance; every instance counts its limits in the same store, as on one database. */
  async function instance() {
    const upstreams = createUpstreams({ services: urls, logger, breaker: breakerSettingsOf(env) });
    const app = createGateway({
      logger,
      readiness: [],
      services: urls,
      upstreams,
      verifyToken: tokens.verifyToken,
      webOrigins: env.WEB_ORIGINS,
      timeoutMs: env.PROXY_TIMEOUT_MS,
      maxBodyBytes: env.MAX_BODY_BYTES,
      limits: createRateLimits({
        rules: configureLimitRules(env.RATE_LIMITS, env.RATE_LIMIT_MULTIPLIER),
        store: new SlotStore(slots),
        onStoreError: () => undefined,
      }),
      isTrustedProxy: () => false,
      gatewaySecret,
    });
    const served = await serveApp(app);
    closing.push(() => upstreams.close(), served.close);
    return served.url;
  }

  const url = await instance();
  return {
    /** The gateway's address, and its API (`${url}/api`). */
    url,
    api: `${url}/api`,
    services,
    gatewaySecret,
    /** A token of a new user of `role`. */
    token: async (role: AccountType) => (await tokens.token(role)).token,
    account: (role: AccountType) => tokens.token(role),
    /** Starts one more gateway instance sharing the limits' store; answers its API's address. */
    another: async () => `${await instance()}/api`,
    async close() {
      for (const close of closing.reverse()) await close();
      await Promise.all(areas.map((area) => services[area].close()));
    },
  };
}

export type GatewayHarness = Awaited<ReturnType<typeof gatewayHarness>>;
