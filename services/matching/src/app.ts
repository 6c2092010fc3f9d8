import {
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';

export type Deps = { logger: Logger; readiness: ReadinessCheck[]; verifyToken: TokenVerifier };

export function createApp({ logger, readiness, verifyToken }: Deps) {
  const app = createServiceApp({ service: 'matching', logger, readiness });
  // the service checks every token itself: a call that bypasses the gateway gets nothing
  app.use('/api/employer/*', authenticate(verifyToken, ['employer']));
  return app;
}
