import { getConnInfo } from '@hono/node-server/conninfo';
import {
  ApiError,
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { forward } from './proxy';
import { type Area, matchRoute } from './routes';

export type GatewayDeps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  services: Record<Area, string>;
  verifyToken: TokenVerifier;
  webOrigins: string[];
  timeoutMs: number;
  maxBodyBytes: number;
};

export function createGateway({
  logger,
  readiness,
  services,
  verifyToken,
  webOrigins,
  timeoutMs,
  maxBodyBytes,
}: GatewayDeps) {
  const app = createServiceApp({ service: 'gateway', logger, readiness, maxBodyBytes });
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-site', xFrameOptions: 'DENY' }));
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (webOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );

  app.all('/api/*', async (c) => {
    const rule = matchRoute(c.req.path);
    if (!rule) throw new ApiError('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`);
    // the role of the family is checked here; the service checks the token again itself
    if (rule.role) await authenticate(verifyToken, [rule.role])(c, async () => undefined);
    return forward(c, {
      area: rule.area,
      baseUrl: services[rule.area],
      timeoutMs,
      clientAddress: clientAddressOf(c),
    });
  });
  return app;
}

function clientAddressOf(c: Parameters<typeof getConnInfo>[0]) {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
