import { type ErrorCode, errorStatus, ZApiError } from '@meritmatch/contracts';
import { Agent, type Dispatcher, request } from 'undici';
import type { z } from 'zod';
import {
  currentContext,
  deadlineExceeded,
  deadlineHeader,
  idempotencyHeader,
  outcomeUnknown,
  requestIdHeader,
  timeLeft,
  trackWrite,
} from '../core/request-context';
import { ApiError } from './errors';

/** What a caller keeps for itself after it stops waiting: time to reply to its own caller. */
export const callerMarginMs = 150;
/** How long before the caller stops waiting its callee must have answered: time for the answer to travel. */
export const calleeMarginMs = 100;

/**
 * One pool of kept-alive connections for every owner a process calls: undici's own request
 * (not `fetch`, which builds WHATWG requests and streams around it) costs about half the CPU.
 */
const ownerConnections = new Agent({ keepAliveTimeout: 30000, connections: 64 });

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
 *
 * Time limits nest: the owner gets the caller's deadline less a margin (`x-request-deadline`),
 * so the owner always gives up before its caller does and never finishes work its caller
 * has stopped waiting for. A write carries the caller's idempotency key along, so the
 * caller's retry is a retry at the owner too.
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
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const context = currentContext();
    const budget = Math.min(timeoutMs, timeLeft() - callerMarginMs);
    if (budget <= calleeMarginMs) throw deadlineExceeded();
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      // the callee stops earlier than the caller gives up, so its answer (even "not carried out") arrives
      [deadlineHeader]: String(Date.now() + budget - calleeMarginMs),
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const requestId = options.requestId ?? context?.requestId;
    if (requestId) headers[requestIdHeader] = requestId;
    if (method !== 'GET' && context?.idempotencyKey) headers[idempotencyHeader] = context.idempotencyKey;
    let response: Dispatcher.ResponseData;
    const send = () =>
      request(new URL(path, baseUrl), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(budget),
        dispatcher: ownerConnections,
      });
    try {
      // a write sent to the owner may be applied even if its answer never comes
      response = method === 'GET' ? await send() : await trackWrite(send);
    } catch (error) {
      // a write the owner may have received (anything but a refused connection) may be applied
      if (method !== 'GET' && !refusedConnection(error)) throw outcomeUnknown();
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ApiError(
          'SERVICE_UNAVAILABLE',
          `The ${name} service did not answer in time; please try again`,
          [{ path: 'area', message: name }],
        );
      }
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        `The ${name} service is unavailable; please try again shortly`,
        [{ path: 'area', message: name }],
      );
    }
    const status = response.statusCode;
    const payload = await response.body.json().catch(() => undefined);
    if (status < 200 || status >= 300) {
      const error = ZApiError.safeParse(payload);
      if (error.success) throw new ApiError(error.data.code, error.data.message, error.data.details);
      const code = (Object.entries(errorStatus).find(([, known]) => known === status)?.[0] ??
        'INTERNAL') as ErrorCode;
      throw new ApiError(code, `The ${name} service answered ${status}`);
    }
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError('INTERNAL', `The ${name} service sent an unexpected answer`);
    return parsed.data;
  };
}

export type OwnerClient = ReturnType<typeof createOwnerClient>;

/** A connection the owner refused: the request was never sent. */
function refusedConnection(error: unknown) {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === 'ECONNREFUSED' || cause?.code === 'ECONNREFUSED';
}
