import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, Caller } from '../core/identity';
import type { Logger } from '../core/logger';
import { collectProcessMetrics, metricsRegistry } from '../core/metrics';
import { type ReadinessCheck, ReadinessMonitor } from '../core/readiness';
import { authenticate, type TokenVerifier } from './auth';
import { ApiError, type DomainErrorMapper, errorResponse } from './errors';
import { requestPipeline } from './request-pipeline';

export type { AppEnv, AppVariables, Caller, Identity, ServiceIdentity } from '../core/identity';
export type { ReadinessCheck } from '../core/readiness';

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
  /**
   * Middlewares around the pipeline, so that they also see the answers the pipeline gives itself
   * (413, 415, a malformed idempotency key, a passed deadline): the gateway's security and CORS
   * headers. They run outside the request's context and deadline.
   */
  around?: MiddlewareHandler<AppEnv>[];
};

export const defaultMaxBodyBytes = 100 * 1024;
export const defaultRequestBudgetMs = 4500;

/**
 * The Hono app every service starts from: the request pipeline (request ids, the request
 * context and deadline, the body limit, JSON-only writes, logs and metrics), `/metrics`,
 * `/health`, `/ready`, the JSON 404 and the one error shape.
 */
export function createServiceApp({
  service,
  logger,
  readiness = [],
  maxBodyBytes = defaultMaxBodyBytes,
  requestBudgetMs = defaultRequestBudgetMs,
  domainErrors,
  around = [],
}: ServiceAppOptions) {
  collectProcessMetrics(service);
  const app = new Hono<AppEnv>();
  const answerError = (error: Error, c: Context<AppEnv>) =>
    errorResponse(c, error, logger.child({ requestId: c.get('requestId') }), domainErrors);
  for (const middleware of around) app.use(middleware);
  app.use(requestPipeline({ logger, budgetMs: requestBudgetMs, maxBodyBytes, answerError }));
  app.get('/metrics', async (c) =>
    c.body(await metricsRegistry.metrics(), 200, { 'content-type': metricsRegistry.contentType }),
  );

  app.get('/health', (c) => c.json({ status: 'ok', service }));
  // answered from state the monitor keeps in the background: within a second, whatever is stalled
  const monitor = new ReadinessMonitor(readiness);
  app.get('/ready', async (c) => {
    const { status, results } = await monitor.state();
    const failed = results.filter((result) => !result.ok);
    const details = failed.map((f) => ({ path: f.name, message: f.message ?? 'failed' }));
    if (status !== 'not-ready') {
      return c.json({
        status,
        service,
        checks: Object.fromEntries(results.map((r) => [r.name, r.ok ? 'ok' : 'degraded'])),
        ...(details.length > 0 ? { details } : {}),
      });
    }
    const error = new ApiError(
      'SERVICE_UNAVAILABLE',
      `${service} is not ready: ${failed.map((f) => `${f.name} (${f.message})`).join(', ')}`,
      details,
    );
    return c.json(error.toBody(), error.status);
  });

  app.notFound((c) =>
    c.json(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`).toBody(), 404),
  );
  app.onError(answerError);
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
  requestBudgetMs,
  areas,
}: ServiceAppBase & {
  service: string;
  domainErrors?: DomainErrorMapper;
  /** The longest the service works on one request (the kit's default otherwise). */
  requestBudgetMs?: number;
  areas: ServiceArea[];
}) {
  const app = createServiceApp({
    service,
    logger,
    readiness,
    ...(domainErrors ? { domainErrors } : {}),
    ...(requestBudgetMs ? { requestBudgetMs } : {}),
  });
  for (const area of areas) {
    if (area.roles) app.use(`${area.prefix}/*`, authenticate(verifyToken, area.roles));
    app.route(area.prefix, area.routes);
  }
  return app;
}
