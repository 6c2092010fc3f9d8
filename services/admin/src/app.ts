import {
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import { type AdminRouteDeps, adminRoutes } from './http/admin-routes';
import { adminErrors } from './http/errors';

export type Deps = AdminRouteDeps & {
  logger: Logger;
  readiness: ReadinessCheck[];
  verifyToken: TokenVerifier;
};

export function createApp({ logger, readiness, verifyToken, ...routes }: Deps) {
  const app = createServiceApp({ service: 'admin', logger, readiness, domainErrors: adminErrors });
  // the service checks every token itself: a call that bypasses the gateway gets nothing
  app.use('/api/admin/*', authenticate(verifyToken, ['admin']));
  app.route('/api/admin', adminRoutes(routes));
  return app;
}
