import { usersTopic } from '@meritmatch/contracts';
import type { Hono } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import type { Logger } from '../core/logger';
import type { TokenConfirmation, TokenVerifier } from '../http/auth';
import { confirmWithAuth } from '../http/token-confirmation';
import { syncIndexes } from '../store/mongo';
import {
  connectPlatform,
  jwksUrlOf,
  type Platform,
  type PlatformEnv,
  startAuthentication,
  type TopicSpec,
} from './platform';
import { runService } from './runner';

/** The variables every service of the platform reads (beside its own). */
export type ServiceEnv = PlatformEnv & { HOST: string; PORT: number; AUTH_URL?: string };

export type ServiceStart<E extends ServiceEnv> = {
  env: E;
  logger: Logger;
  platform: Platform;
  /**
   * Starts checking tokens: the users and sessions topics read into memory, keys from the auth
   * service's JWKS (or the given key set: the auth service checks its own tokens locally).
   * While the registry cannot answer for a token, the auth service is asked (`confirm`, by
   * default `confirmWithAuth(AUTH_URL)`; the auth service gives its own database).
   */
  authenticate: (jwks?: JWTVerifyGetKey, confirm?: TokenConfirmation) => Promise<TokenVerifier>;
};

/**
 * The start of every service of the platform: its environment, its database and Kafka (with
 * the topics it names), whatever `start` builds on them, its indexes, and the app it answers
 * with; on SIGTERM the platform (relay, consumers, connections) closes after the server. A
 * service's `index.ts` is this call with its own wiring.
 */
export function runPlatformService<E extends ServiceEnv>(
  name: string,
  {
    loadEnv,
    topics,
    start,
  }: {
    loadEnv: () => E;
    topics: TopicSpec[];
    // biome-ignore lint/suspicious/noExplicitAny: any Hono app
    start: (context: ServiceStart<E>) => Promise<Hono<any>>;
  },
) {
  return runService(name, async (logger) => {
    const env = loadEnv();
    const platform = await connectPlatform({ service: name, env, logger, topics });
    try {
      const app = await start({
        env,
        logger,
        platform,
        authenticate: async (jwks, confirm) => {
          const keys = jwks ?? (env.AUTH_URL ? jwksUrlOf(env.AUTH_URL) : undefined);
          if (!keys) throw new Error(`${name} has no AUTH_URL to read the token keys from`);
          const owner = confirm ?? (env.AUTH_URL ? confirmWithAuth(env.AUTH_URL) : undefined);
          return (
            await startAuthentication({
              platform,
              service: name,
              logger,
              jwks: keys,
              usersTopic,
              ...(owner ? { confirm: owner } : {}),
            })
          ).verifyToken;
        },
      });
      await syncIndexes(platform.connection);
      return { app, host: env.HOST, port: env.PORT, close: platform.close };
    } catch (error) {
      await platform.close();
      throw error;
    }
  });
}
