import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from './api-error';

/**
 * What travels with one piece of work (an HTTP request, or one consumed event): its
 * request id, the moment its caller stops waiting, and the idempotency key of the command
 * it carries. Kept in AsyncLocalStorage so that the store, the outbox and the clients of
 * other services read it without every function passing it along.
 */
export type RequestContext = {
  requestId: string;
  /** Epoch milliseconds after which nobody waits for this work; undefined for background work. */
  deadline?: number | undefined;
  /** The caller's key for this command: a retry with the same key answers the first result. */
  idempotencyKey?: string | undefined;
  /** What the keyed command was (method, path and body), so that a reused key is noticed. */
  fingerprint?: string | undefined;
  /** Who sent it (the token's user id), once known: keys are scoped to their sender. */
  actor?: string | undefined;
  /**
   * A write of this request was sent (to the database or another service). From then on it
   * may be applied, even once its own answer came: the caller has not had the answer yet, and
   * the request may still be waiting on something after it (a lease released, a read).
   */
  writeSent?: boolean;
};

const storage = new AsyncLocalStorage<RequestContext>();

export const deadlineHeader = 'x-request-deadline';
export const idempotencyHeader = 'idempotency-key';
export const requestIdHeader = 'x-request-id';

export function runWithContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export const currentContext = (): RequestContext | undefined => storage.getStore();

/**
 * Runs work that belongs to no request (clean-up, publishing) outside the current one: it
 * gets the background time limits, not what is left of the request's deadline.
 */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}

/** Milliseconds left before the caller stops waiting; Infinity for background work. */
export function timeLeft(now = Date.now()): number {
  const deadline = storage.getStore()?.deadline;
  return deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now;
}

/**
 * Refuses to start work the caller will not wait for. Called before every write that
 * changes state: a write that is never sent cannot be applied after the caller gave up.
 */
export function assertTimeLeft(minimumMs = 0) {
  if (timeLeft() <= minimumMs) throw deadlineExceeded();
}

/** Nothing was written: the caller can try again, or not. */
export const deadlineExceeded = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'The request took too long and was not carried out; please try again', [
    { path: 'deadline', message: 'exceeded' },
  ]);

/**
 * A write was sent and its answer did not come in time: it may have been applied. The caller
 * must not take it for a failure: sending it again with the same idempotency key answers its
 * outcome (and applies it once if it was not).
 */
export const outcomeUnknown = () =>
  new ApiError(
    'SERVICE_UNAVAILABLE',
    'Your change could not be confirmed in time; please try again (trying again will not apply it twice)',
    [{ path: 'outcome', message: 'unknown' }],
  );

/**
 * What to answer when the deadline passes now: not carried out (no write was sent), or not
 * confirmed (a write was sent, whether or not its own answer came).
 */
export const expiredAnswer = (context: RequestContext | undefined = currentContext()) =>
  context?.writeSent ? outcomeUnknown() : deadlineExceeded();

/**
 * Marks the request's writes as sent, so that an expiry from now on answers `outcomeUnknown`.
 * A write that fails because its database or callee did not answer (`unanswered(error)`) may
 * still have been applied: that failure is `outcomeUnknown` too, never a plain failure.
 */
export async function trackWrite<T>(
  write: () => Promise<T>,
  unanswered: (error: unknown) => boolean = () => false,
): Promise<T> {
  const context = currentContext();
  if (context) context.writeSent = true;
  try {
    return await write();
  } catch (error) {
    if (unanswered(error)) throw outcomeUnknown();
    throw error;
  }
}

/**
 * The deadline of an incoming request: the caller's (`x-request-deadline`, epoch ms), but
 * never further away than this service's own budget. A missing or unreadable header means
 * the service's budget alone.
 */
export function deadlineFrom(header: string | undefined, budgetMs: number, now = Date.now()): number {
  const own = now + budgetMs;
  const given = header && /^\d{10,16}$/.test(header) ? Number(header) : undefined;
  return given === undefined ? own : Math.min(given, own);
}

/** An idempotency key as callers send it: 8 to 200 visible ASCII characters. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!/^[\x21-\x7e]{8,200}$/.test(key)) {
    throw new ApiError('VALIDATION_FAILED', 'Idempotency-Key must be 8 to 200 visible characters', [
      { path: 'Idempotency-Key', message: 'must be 8 to 200 visible characters' },
    ]);
  }
  return key;
}

/**
 * Runs `work` without the request's idempotency key, so that the aggregate store decides every
 * change anew instead of answering a retry with the state as it is. For a check that must run at
 * every call (a code, a single-use link whose follow-up writes touch the same document twice in
 * one request); the deadline and the write tracking of the request stay.
 */
export async function decidedEveryTime<T>(work: () => Promise<T>): Promise<T> {
  const context = currentContext();
  if (!context?.idempotencyKey) return work();
  const { idempotencyKey: _key, fingerprint: _fingerprint, ...rest } = context;
  const unkeyed = { ...rest };
  try {
    return await runWithContext(unkeyed, work);
  } finally {
    if (unkeyed.writeSent) context.writeSent = true;
  }
}
