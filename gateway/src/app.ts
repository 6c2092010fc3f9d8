import { accountExportPath, myDataRoles } from '@meritmatch/contracts';
import {
  ApiError,
  type AppEnv,
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  socketAddress,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { exportAccount } from './account-export';
import { clientAddressOf } from './client-address';
import type { RateLimits } from './limits/rate-limits';
import { forward } from './proxy';
import { type Area, matchRoute, routeTable } from './routes';
import type { Upstreams } from './upstreams';

export type GatewayDeps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  services: Record<Area, string>;
  upstreams: Upstreams;
  verifyToken: TokenVerifier;
  webOrigins: string[];
  /** How long the gateway waits for a service when the route sets no time of its own. */
  timeoutMs: number;
  maxBodyBytes: number;
  limits: RateLimits;
  isTrustedProxy: (address: string) => boolean;
  gatewaySecret: string;
};

export function createGateway({
  logger,
  readiness,
  services,
  upstreams,
  verifyToken,
  webOrigins,
  timeoutMs,
  maxBodyBytes,
  limits,
  isTrustedProxy,
  gatewaySecret,
}: GatewayDeps) {
  const longestTimeoutMs = Math.max(timeoutMs, ...routeTable.map((rule) => rule.timeoutMs ?? 0));
  // Content-Disposition: a download's file name (the contact log's export), read by the web app
  const exposedHeaders = ['X-Request-Id', 'Retry-After', 'Content-Disposition'];
  const preflight = cors({
    origin: (origin) => (webOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'],
    exposeHeaders: exposedHeaders,
    maxAge: 600,
  });
  // Any answer but a preflight's gets the headers hono's cors would set, on the answer itself once
  // there is one: hono's cors sets them before (and `Vary` after) through the context, which makes
  // Hono build an empty answer first and then copy the service's into it as a stream (much of the
  // hop's CPU, npm run bench -- http).
  const corsHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    const path = c.req.path;
    if (c.req.method === 'OPTIONS' || (path !== '/api' && !path.startsWith('/api/'))) return;
    const origin = c.req.header('origin');
    const headers = c.res.headers;
    if (origin && webOrigins.includes(origin)) headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Expose-Headers', exposedHeaders.join(','));
    headers.append('Vary', 'Origin');
  };
  const app = createServiceApp({
    service: 'gateway',
    logger,
    readiness: [...readiness, ...upstreams.readiness],
    maxBodyBytes,
    // the gateway answers a slow upstream itself (504, naming it): its own budget never cuts in first
    requestBudgetMs: longestTimeoutMs + 1000,
    // around the kit's pipeline, so that its own refusals (413, 415, …) carry them too: a browser
    // on another web origin could not read those answers' messages otherwise
    around: [secureHeaders({ crossOriginResourcePolicy: 'same-site', xFrameOptions: 'DENY' }), corsHeaders],
  });
  // a preflight is answered by hono's cors
  app.options('/api/*', (c) => preflight(c, async () => undefined));

  // "Download my data": the gateway asks every service for its part and answers with the whole
  app.get(accountExportPath, async (c) => {
    const receivedAt = Date.now();
    const clientAddress = clientAddressOf(socketAddress(c), c.req.header('x-forwarded-for'), isTrustedProxy);
    await limits.admitAddress(c, clientAddress);
    await authenticate(verifyToken, myDataRoles)(c, async () => undefined);
    await limits.admitAccount(c, c.get('identity').userId);
    return exportAccount(c, {
      services,
      upstreams,
      deadlineAt: receivedAt + timeoutMs,
      clientAddress,
      gatewaySecret,
    });
  });

  app.all('/api/*', async (c) => {
    const receivedAt = Date.now();
    const rule = matchRoute(c.req.path);
    if (!rule) throw new ApiError('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`);
    const clientAddress = clientAddressOf(socketAddress(c), c.req.header('x-forwarded-for'), isTrustedProxy);
    await limits.admitAddress(c, clientAddress);
    // the role of the family is checked here; the service checks the token again itself
    if (rule.role) {
      await authenticate(verifyToken, [rule.role])(c, async () => undefined);
      await limits.admitAccount(c, c.get('identity').userId);
    }
    return forward(c, {
      area: rule.area,
      baseUrl: services[rule.area],
      deadlineAt: receivedAt + (rule.timeoutMs ?? timeoutMs),
      clientAddress,
      gatewaySecret,
      upstreams,
      ...(rule.streamed ? { streamed: true } : {}),
    });
  });
  return app;
}
