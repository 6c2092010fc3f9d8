import { ZServiceTokenAnswer } from '@meritmatch/contracts';
import type { z } from 'zod';
import { ApiError } from './errors';
import type { createOwnerClient } from './owner-client';

/**
 * A service's own identity towards the owners, for work outside any person's request (a
 * consumer, a sender): a short-lived token with role `service`,
 * asked from the auth service with the service's secret and kept until a minute before it
 * expires (or until an owner refuses it, then asked again).
 */
export function createServiceToken({
  authUrl,
  account,
  secret,
  timeoutMs = 5000,
}: {
  authUrl: string;
  account: string;
  secret: string;
  timeoutMs?: number;
}) {
  let cached: { token: string; renewAt: number } | undefined;
  let asking: Promise<string> | undefined;

  async function ask(): Promise<string> {
    let answer: Response;
    try {
      answer = await fetch(new URL('/internal/service-tokens', authUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ account, secret }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ApiError('SERVICE_UNAVAILABLE', 'The auth service is unavailable; please try again shortly', [
        { path: 'area', message: 'auth' },
      ]);
    }
    if (!answer.ok) {
      // a wrong secret is a configuration error; it stays transient so that nothing is lost meanwhile
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `The auth service refused this service's token (${answer.status})`,
        [{ path: 'area', message: 'auth' }],
      );
    }
    const { token, expiresIn } = ZServiceTokenAnswer.parse(await answer.json());
    cached = { token, renewAt: Date.now() + Math.max(5, expiresIn - 60) * 1000 };
    return token;
  }

  return {
    async token(): Promise<string> {
      if (cached && Date.now() < cached.renewAt) return cached.token;
      asking ??= ask().finally(() => {
        asking = undefined;
      });
      return asking;
    },
    /** An owner refused the token (expired, or revoked): the next call asks for a new one. */
    forget() {
      cached = undefined;
    },
  };
}

export type ServiceToken = ReturnType<typeof createServiceToken>;

/**
 * An owner client that calls with the service's token: a refused token (expired, or its account
 * revoked) is renewed and the call made once more.
 */
export function withServiceToken(client: ReturnType<typeof createOwnerClient>, serviceToken: ServiceToken) {
  return async <S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>> => {
    try {
      return await client(path, { token: await serviceToken.token(), body, schema });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED') throw error;
      serviceToken.forget();
      return client(path, { token: await serviceToken.token(), body, schema });
    }
  };
}
