import { ApiError } from '../core/api-error';
import { isDatabaseUnavailable } from './mongo';

/**
 * Whether a failure says nothing about the work itself (a dependency was unreachable or
 * slow), so that the same work may succeed later: such failures are retried without limit;
 * others are retried a few times and then given up (parked).
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError)
    return error.code === 'SERVICE_UNAVAILABLE' || error.code === 'GATEWAY_TIMEOUT';
  if (typeof error !== 'object' || error === null) return false;
  if (isDatabaseUnavailable(error)) return true;
  const { name, retriable } = error as { name?: unknown; retriable?: unknown };
  if (typeof name === 'string' && name.startsWith('KafkaJS') && retriable === true) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isTransient(cause);
}
