import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { DeadlineWatch } from '../core/deadline-watch';
import type { AppEnv } from '../core/identity';
import type { Logger } from '../core/logger';
import { requestTimings } from '../core/metrics';
import {
  deadlineExceeded,
  deadlineFrom,
  deadlineHeader,
  expiredAnswer,
  idempotencyHeader,
  outcomeUnknown,
  type RequestContext,
  readIdempotencyKey,
  requestIdHeader,
  runWithContext,
} from '../core/request-context';
import { ApiError } from './errors';

/*
 * What every request of a service goes through, in one middleware rather than one per concern:
 * request id, default headers, deadline and request context, body limit, JSON-only writes,
 * the idempotency fingerprint, the metrics and the log line. With the request context on
 * (AsyncLocalStorage turns on a hook for every promise and timer), each extra middleware, and
 * a timer and a race per request, cost more than Hono itself (npm run bench -- http).
 */

const writeMethods = new Set(['POST', 'PUT', 'PATCH']);
const commandMethods = new Set([...writeMethods, 'DELETE']);
/** Requests whose body no route reads: nothing to limit. */
const bodilessMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const unlogged = new Set(['/health', '/ready', '/metrics']);

/** A caller's request id is kept when it is short and plain; otherwise the request gets a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && header.length <= 255 && !/[^\w\-=]/.test(header) ? header : randomUUID();
}

/**
 * Headers every answer carries unless its route sets them itself: the request id, and
 * `Cache-Control: no-store` (answers carry personal details or a user's own data; a route that
 * may be kept, such as the JWKS, says so). On Node's server they go onto the outgoing message,
 * under whatever the answer sets: going through Hono's context would make it build a web
 * `Headers` for every answer, and the adapter then copy it back (npm run bench -- http).
 * Answers `true` when they went through the context instead (no Node server: `app.request`).
 */
function setDefaultHeaders(c: Context<AppEnv>, requestId: string) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === 'function') {
    outgoing.setHeader('X-Request-Id', requestId);
    outgoing.setHeader('Cache-Control', 'no-store');
    return false;
  }
  c.header('X-Request-Id', requestId);
  return true;
}

/** Writes carry JSON or nothing: anything else is a clear 415 rather than a confusing 400. */
function assertJsonBody(c: Context) {
  const length = c.req.header('content-length');
  const hasBody = length !== undefined ? length !== '0' : c.req.raw.body !== null;
  const type = c.req.header('content-type') ?? '';
  if (hasBody && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Request bodies must be JSON (Content-Type: application/json)',
    );
  }
}

/** A failure of the service (not a refusal): once a write was sent, it may follow an applied change. */
const isServiceFailure = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 500;
const isOutcomeUnknown = (error: ApiError) => error.details?.[0]?.path === 'outcome';

export type RequestPipelineOptions = {
  logger: Logger;
  /** The longest this service works on one request; a caller's `x-request-deadline` can only shorten it. */
  budgetMs: number;
  maxBodyBytes: number;
  /** The app's answer to an error (its `onError`): refusals of the pipeline get the same. */
  answerError: (error: Error, c: Context<AppEnv>) => Response;
  watch?: DeadlineWatch;
};

/**
 * The one middleware before every route:
 * - the request id (the caller's, or a new one) and the default headers;
 * - the request's context (request id, deadline, idempotency key), in which the route runs;
 * - the deadline: it answers 503 when the deadline passes first. The handler may still be
 *   waiting on a stalled database then; the store refuses to write once the deadline has
 *   passed, so work the caller gave up on is never carried out later. Once a write was sent, a
 *   failure of the service (not a refusal) may follow an applied change: it answers "not
 *   confirmed" (`outcomeUnknown`) then;
 * - for requests that may carry a body: the body limit (413), JSON-only writes (415), and what a
 *   keyed command was (its fingerprint, which reads the body);
 * - the request metrics and the log line, for every answer, refusals included.
 */
export function requestPipeline({
  logger,
  budgetMs,
  maxBodyBytes,
  answerError,
  watch = new DeadlineWatch(),
}: RequestPipelineOptions): MiddlewareHandler<AppEnv> {
  const tooLarge = () =>
    new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${Math.round(maxBodyBytes / 1024)} KB`,
    );
  const streamingLimit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  /**
   * A body that states its length (every browser's and client's JSON write) is refused by its
   * `Content-Length` alone: Node's parser never reads past it, and the node adapter then reads
   * the body straight from the socket when a route asks for it. `hono/body-limit` looks at
   * `c.req.raw.body`, which makes the adapter build a whole web Request with streams for every
   * write (docs/decisions/0007-request-deadlines-and-pipeline.md). A chunked body, with no
   * length, is counted by `hono/body-limit` as it streams in.
   */
  const limit = (c: Context<AppEnv>, next: () => Promise<void>) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return streamingLimit(c, next) as Promise<void>;
    // a rejection, not a throw: the caller chains on the promise
    return Number(length) > maxBodyBytes ? Promise.reject(tooLarge()) : next();
  };
  const refuse = (c: Context<AppEnv>, error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    c.error = failure;
    c.res = answerError(failure, c);
  };
  const observe = (c: Context<AppEnv>, started: number, throughContext: boolean) => {
    if (throughContext && !c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
    const path = c.req.path;
    if (unlogged.has(path)) return;
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    const method = c.req.method;
    // the route pattern, not the path: ids in paths would make a metric per id. A request refused
    // before its handler counts under the route it asked for, not under this middleware's `/*`.
    const route =
      status === 404 && !c.req.routePath ? 'unmatched' : (matchedRoutes(c).at(-1)?.path ?? 'unmatched');
    requestTimings().record(method, route, status, seconds);
    if (!logger.isLevelEnabled('info')) return;
    const failure = status >= 500 ? c.get('failure') : undefined;
    // no child logger per request: making one costs more than the line (npm run bench -- http)
    logger.info(
      {
        requestId: c.get('requestId'),
        method,
        path,
        status,
        ms: Math.round(seconds * 1000),
        ...(failure ? { failure } : {}),
      },
      'request',
    );
  };
  /** The route, after the checks of a request that may carry a body. */
  const handle = (c: Context<AppEnv>, next: () => Promise<void>, context: RequestContext) => {
    const method = c.req.method;
    if (bodilessMethods.has(method)) return next();
    return limit(c, async () => {
      if (writeMethods.has(method)) assertJsonBody(c);
      if (context.idempotencyKey && commandMethods.has(method)) {
        const body = await c.req.text();
        context.fingerprint = createHash('sha256').update(`${method} ${c.req.path}\n${body}`).digest('hex');
      }
      await next();
    });
  };

  // not async, and one promise of its own: each await and promise here is paid on every request
  return (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(requestIdHeader));
    c.set('requestId', requestId);
    const throughContext = setDefaultHeaders(c, requestId);
    let context: RequestContext;
    try {
      const deadline = deadlineFrom(c.req.header(deadlineHeader), budgetMs);
      const idempotencyKey = readIdempotencyKey(c.req.header(idempotencyHeader));
      if (deadline <= Date.now()) throw deadlineExceeded();
      context = { requestId, deadline, idempotencyKey };
    } catch (error) {
      refuse(c, error);
      observe(c, started, throughContext);
      return Promise.resolve();
    }
    return runWithContext(
      context,
      () =>
        new Promise<void>((resolve) => {
          let settled = false;
          const settle = (failed: boolean, error?: unknown) => {
            if (settled) return;
            settled = true;
            cancel();
            if (failed) refuse(c, context.writeSent && isServiceFailure(error) ? outcomeUnknown() : error);
            else if (context.writeSent && isServiceFailure(c.error) && !isOutcomeUnknown(c.error))
              refuse(c, outcomeUnknown());
            observe(c, started, throughContext);
            resolve();
          };
          // the shared timer belongs to no request: the answer reads this request's context
          const cancel = watch.watch(context.deadline!, () => settle(true, expiredAnswer(context)));
          handle(c, next, context).then(
            () => settle(false),
            (error) => settle(true, error),
          );
        }),
    );
  };
}
