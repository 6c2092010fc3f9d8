import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { authenticate, type TokenVerifier } from './auth';
import { ApiError, type DomainErrorMapper, errorResponse } from './errors';
import type { Logger } from './logger';
import { collectProcessMetrics, httpDuration, httpRequests, metricsRegistry } from './metrics';
import {
  currentContext,
  deadlineExceeded,
  deadlineFrom,
  deadlineHeader,
  expiredAnswer,
  idempotencyHeader,
  outcomeUnknown,
  type RequestContext,
  readIdempotencyKey,
  runWithContext,
} from './request-context';

export type Identity = {
  userId: string;
  role: 'job_seeker' | 'employer' | 'admin';
  /** The session: the token's `jti`. */
  tokenId: string;
  expiresAt: Date;
};

/**
 * A service of the product calling in its own name (a token with role `service` from the auth
 * service). It is never an `identity`: only areas that name the role accept it, and its routes
 * read it as `service`.
 */
export type ServiceIdentity = Omit<Identity, 'role'> & { role: 'service' };

/** Whoever a valid token speaks for. */
export type Caller = Identity | ServiceIdentity;

export type AppVariables = {
  requestId: string;
  identity: Identity;
  service: ServiceIdentity;
  bearerToken: string;
  /** Why the request failed, for its log line: the error code and message it was answered with. */
  failure: { code: string; message: string };
};
export type AppEnv = { Variables: AppVariables };

/** A named dependency check for `/ready`; it throws when the dependency cannot be reached. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

export type ServiceAppOptions = {
  service: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Largest accepted request body, in bytes. */
  maxBodyBytes?: number;
  /**
   * The longest this service works on one request (it answers 503 then, and writes
   * nothing after it); a caller's `x-request-deadline` can only shorten it.
   */
  requestBudgetMs?: number;
  /** The service's domain reasons → the error shape (http/errors.ts). */
  domainErrors?: DomainErrorMapper;
};

export const defaultMaxBodyBytes = 100 * 1024;
export const defaultRequestBudgetMs = 4500;

const writeMethods = new Set(['POST', 'PUT', 'PATCH']);
const commandMethods = new Set([...writeMethods, 'DELETE']);

/** Writes carry JSON or nothing: anything else is a clear 415 rather than a confusing 400. */
export const jsonBodiesOnly: MiddlewareHandler = async (c, next) => {
  if (writeMethods.has(c.req.method)) {
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
  await next();
};

/** Requests whose body no route reads: nothing to limit. */
const bodilessMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const limitBody = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${Math.round(maxBytes / 1024)} KB`,
      );
    },
  });
  // the limit looks at `c.req.raw.body`, which makes the node adapter build a whole web
  // Request (streams, an abort signal): a third of a read's cost (npm run bench -- http)
  return (c, next) => (bodilessMethods.has(c.req.method) ? next() : limit(c, next));
};

const unlogged = new Set(['/health', '/ready', '/metrics']);

/**
 * Answers are not kept by browsers or proxies unless a route says otherwise (the JWKS does):
 * many carry personal details or a user's own data.
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
};

/** Remembers what a keyed command was (after the body limit: it reads the body). */
export const idempotencyFingerprint: MiddlewareHandler = async (c, next) => {
  const context = currentContext();
  if (context?.idempotencyKey && commandMethods.has(c.req.method)) {
    const body = await c.req.text();
    context.fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
  }
  await next();
};

export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (unlogged.has(path)) return;
    const seconds = (performance.now() - started) / 1000;
    // the route pattern, not the path: ids in paths would make a metric per id
    const route = c.res.status === 404 && !c.req.routePath ? 'unmatched' : routePath(c);
    httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    httpDuration.observe({ method: c.req.method, route }, seconds);
    const failure = c.res.status >= 500 ? c.get('failure') : undefined;
    // no child logger per request: making one costs more than the line (npm run bench -- http)
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(seconds * 1000),
        ...(failure ? { failure } : {}),
      },
      'request',
    );
  };
}

/**
 * Runs the request inside its context (request id, deadline, idempotency key) and answers
 * 503 when the deadline passes first. The handler may still be waiting on a stalled
 * database then; the store refuses to write once the deadline has passed, so work the caller
 * gave up on is never carried out later.
 */
export function requestDeadline(budgetMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deadline = deadlineFrom(c.req.header(deadlineHeader), budgetMs);
    const idempotencyKey = readIdempotencyKey(c.req.header(idempotencyHeader));
    const left = deadline - Date.now();
    if (left <= 0) throw deadlineExceeded();
    const context: RequestContext = { requestId: c.get('requestId'), deadline, idempotencyKey };
    await runWithContext(context, async () => {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(expiredAnswer()), left);
      });
      const work = next();
      try {
        await Promise.race([work, expired]);
      } catch (error) {
        // once a write was sent, a failure of the service (not a refusal) may follow an applied change
        throw context.writeSent && error instanceof ApiError && error.status >= 500
          ? outcomeUnknown()
          : error;
      } finally {
        clearTimeout(timer);
        work.catch(() => undefined);
      }
      // once a write was sent, a failure of the service (not a refusal) may follow an applied change
      const failure = c.error;
      if (
        context.writeSent &&
        failure instanceof ApiError &&
        failure.status >= 500 &&
        failure.details?.[0]?.path !== 'outcome'
      )
        throw outcomeUnknown();
    });
  };
}

/**
 * The Hono app every service starts from: request ids, logging, the body limit, JSON-only
 * writes, `/health`, `/ready`, the JSON 404 and the one error shape.
 */
export function createServiceApp({
  service,
  logger,
  readiness = [],
  maxBodyBytes = defaultMaxBodyBytes,
  requestBudgetMs = defaultRequestBudgetMs,
  domainErrors,
}: ServiceAppOptions) {
  collectProcessMetrics(service);
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLogging(logger));
  app.use(noStoreByDefault);
  app.get('/metrics', async (c) =>
    c.body(await metricsRegistry.metrics(), 200, { 'content-type': metricsRegistry.contentType }),
  );
  app.use(requestDeadline(requestBudgetMs));
  app.use(limitBody(maxBodyBytes));
  app.use(jsonBodiesOnly);
  app.use(idempotencyFingerprint);

  app.get('/health', (c) => c.json({ status: 'ok', service }));
  app.get('/ready', async (c) => {
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          await check();
          return { name, ok: true as const };
        } catch (error) {
          return {
            name,
            ok: false as const,
            message: error instanceof Error ? error.message : String(error),
          };
        }
      }),
    );
    const failed = results.filter((result) => !result.ok);
    if (failed.length === 0) {
      return c.json({
        status: 'ready',
        service,
        checks: Object.fromEntries(results.map((r) => [r.name, 'ok'])),
      });
    }
    const error = new ApiError(
      'SERVICE_UNAVAILABLE',
      `${service} is not ready: ${failed.map((f) => `${f.name} (${f.message})`).join(', ')}`,
      failed.map((f) => ({ path: f.name, message: 'message' in f ? f.message : 'unreachable' })),
    );
    return c.json(error.toBody(), error.status);
  });

  app.notFound((c) =>
    c.json(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`).toBody(), 404),
  );
  app.onError((error, c) =>
    errorResponse(c, error, logger.child({ requestId: c.get('requestId') }), domainErrors),
  );
  return app;
}

export type ServiceApp = ReturnType<typeof createServiceApp>;

/** One part of a service's API: a path prefix, the roles that may call it (checked here), its routes. */
export type ServiceArea = {
  prefix: string;
  /**
   * Checked on every call under the prefix; the service checks tokens itself, so bypassing the
   * gateway gains nothing. `service` admits service tokens (internal routes only).
   */
  roles?: readonly Caller['role'][];
  // biome-ignore lint/suspicious/noExplicitAny: routes of any variables
  routes: Hono<any>;
};

/** What every service's `createApp` receives besides its own use cases. */
export type ServiceAppBase = {
  logger: Logger;
  readiness: ReadinessCheck[];
  verifyToken: TokenVerifier;
};

/**
 * A service's app from its areas: the kit's app (createServiceApp), the role check of each
 * area, its routes. `app.ts` of a service is then the list of its areas.
 */
export function createAreaApp({
  service,
  logger,
  readiness,
  verifyToken,
  domainErrors,
  areas,
}: ServiceAppBase & { service: string; domainErrors?: DomainErrorMapper; areas: ServiceArea[] }) {
  const app = createServiceApp({ service, logger, readiness, ...(domainErrors ? { domainErrors } : {}) });
  for (const area of areas) {
    if (area.roles) app.use(`${area.prefix}/*`, authenticate(verifyToken, area.roles));
    app.route(area.prefix, area.routes);
  }
  return app;
}
