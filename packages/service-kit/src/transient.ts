import { ApiError } from './errors';

const transientMongoErrors = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MongoOperationTimeoutError',
]);

/** MongoDB's "operation exceeded time limit" (maxTimeMS). */
const maxTimeExpired = 50;

/**
 * Whether a failure says nothing about the work itself (a dependency was unreachable or
 * slow), so that the same work may succeed later: such failures are retried without limit;
 * others are retried a few times and then given up (parked).
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError)
    return error.code === 'SERVICE_UNAVAILABLE' || error.code === 'GATEWAY_TIMEOUT';
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, retriable } = error as { name?: unknown; code?: unknown; retriable?: unknown };
  if (typeof name === 'string' && transientMongoErrors.has(name)) return true;
  if (code === maxTimeExpired) return true;
  if (typeof name === 'string' && name.startsWith('KafkaJS') && retriable === true) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isTransient(cause);
}
