import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { ApiError, errorResponse } from './errors';
import type { Logger } from './logger';

export type Identity = { userId: string; role: 'job_seeker' | 'employer' | 'admin'; tokenId: string };

export type AppVariables = { requestId: string; logger: Logger; identity: Identity; bearerToken: string };
export type AppEnv = { Variables: AppVariables };

/** A named dependency check for `/ready`; it throws when the dependency cannot be reached. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

export type ServiceAppOptions = {
  service: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Largest accepted request body, in bytes. */
  maxBodyBytes?: number;
};

export const defaultMaxBodyBytes = 100 * 1024;

const writeMethods = new Set(['POST', 'PUT', 'PATCH']);

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

export const limitBody = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${Math.round(maxBytes / 1024)} KB`,
      );
    },
  });

export function requestLogging(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const child = logger.child({ requestId: c.get('requestId') });
    c.set('logger', child);
    await next();
    const path = c.req.path;
    if (path === '/health' || path === '/ready') return;
    child.info(
      { method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
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
}: ServiceAppOptions) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLogging(logger));
  app.use(limitBody(maxBodyBytes));
  app.use(jsonBodiesOnly);

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
      `${service} is not ready: ${failed.map((f) => f.name).join(', ')} unreachable`,
      failed.map((f) => ({ path: f.name, message: 'message' in f ? f.message : 'unreachable' })),
    );
    return c.json(error.toBody(), error.status);
  });

  app.notFound((c) =>
    c.json(new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`).toBody(), 404),
  );
  app.onError((error, c) => errorResponse(c, error, c.get('logger') ?? logger));
  return app;
}

export type ServiceApp = ReturnType<typeof createServiceApp>;
