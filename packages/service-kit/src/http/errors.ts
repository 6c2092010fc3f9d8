import { type ErrorCode, errorStatus } from '@meritmatch/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError, conflict, notFound, unauthenticated } from '../core/api-error';
import { DomainError, type StoreErrorReason } from '../core/domain-error';
import type { Logger } from '../core/logger';
import { isDatabaseUnavailable } from '../store/mongo';

export { ApiError, conflict, notFound, unauthenticated } from '../core/api-error';

/**
 * A service's table from its domain's reasons to the error shape: the one place where a
 * rule's "no" gets its status and the spec's words. The type checker keeps it complete.
 */
export type DomainErrorTable<Reason extends string> = {
  [R in Reason]: (facts: DomainError['facts']) => ApiError;
};

/** What the aggregate store's own refusals answer, in every service. */
export const storeErrors: DomainErrorTable<StoreErrorReason> = {
  'aggregate.contended': () => conflict('This record changed meanwhile; please try again'),
  'aggregate.missing': () => notFound(),
  'command.key-reused': () =>
    conflict('This Idempotency-Key was already used for a different request; use a new key'),
};

export type DomainErrorMapper = (error: DomainError) => ApiError | undefined;

export const domainErrorMapper =
  <Reason extends string>(table: DomainErrorTable<Reason>): DomainErrorMapper =>
  (error) => {
    const entry = (table as Record<string, DomainErrorTable<Reason>[Reason]>)[error.reason];
    return entry?.(error.facts);
  };

/** Maps anything thrown to the error shape; unknown errors are logged and answered as 500 without details. */
export function toApiError(error: unknown, mapDomain?: DomainErrorMapper): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const known = mapDomain?.(error) ?? domainErrorMapper(storeErrors)(error);
    if (known) return known;
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiError('SERVICE_UNAVAILABLE', 'The database did not answer in time; please try again');
  }
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message)) {
      return new ApiError('MALFORMED_JSON', 'The request body is not valid JSON');
    }
    if (error.status === 413) return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    if (error.status === 401) return unauthenticated();
    const code = (Object.entries(errorStatus).find(([, status]) => status === error.status)?.[0] ??
      'INTERNAL') as ErrorCode;
    return new ApiError(code, error.message || 'Request failed');
  }
  return new ApiError('INTERNAL', 'Something went wrong on our side');
}

export function errorResponse(c: Context, error: unknown, logger: Logger, mapDomain?: DomainErrorMapper) {
  const apiError = toApiError(error, mapDomain);
  if (apiError.code === 'INTERNAL') {
    logger.error({ err: error, path: c.req.path, requestId: c.get('requestId') }, 'unhandled error');
  }
  // the request's log line says why it failed (a message of ours, never the request's data)
  c.set('failure', { code: apiError.code, message: apiError.message });
  // the unread body of a refused upload would otherwise poison the kept-alive connection
  if (apiError.code === 'PAYLOAD_TOO_LARGE') c.header('Connection', 'close');
  return c.json(apiError.toBody(), apiError.status);
}
