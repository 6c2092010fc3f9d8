import { type ErrorCode, errorStatus, ZApiError } from '@meritmatch/contracts';
import type { z } from 'zod';
import { ApiError } from './errors';

export type OwnerCall<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The caller's own bearer token: the owner checks the caller's rights itself. */
  token: string;
  schema: S;
  requestId?: string;
};

/**
 * An HTTP client for another service's internal routes (data moves by events or by a call
 * to its owner). The owner's errors come back as they are (a 404 stays a 404 with its
 * message); an owner that cannot be reached is a 503 naming it.
 */
export function createOwnerClient({
  name,
  baseUrl,
  timeoutMs = 10000,
}: {
  name: string;
  baseUrl: string;
  timeoutMs?: number;
}) {
  return async function call<S extends z.ZodType>(path: string, options: OwnerCall<S>): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.requestId) headers['x-request-id'] = options.requestId;
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `The ${name} service is unavailable; please try again shortly`,
        [{ path: 'area', message: name }],
      );
    }
    const payload = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = ZApiError.safeParse(payload);
      if (error.success) throw new ApiError(error.data.code, error.data.message, error.data.details);
      const code = (Object.entries(errorStatus).find(([, status]) => status === response.status)?.[0] ??
        'INTERNAL') as ErrorCode;
      throw new ApiError(code, `The ${name} service answered ${response.status}`);
    }
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError('INTERNAL', `The ${name} service sent an unexpected answer`);
    return parsed.data;
  };
}

export type OwnerClient = ReturnType<typeof createOwnerClient>;
