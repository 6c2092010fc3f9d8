import {
  authenticate,
  type Clock,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import type { CandidateIndex } from './domain/candidate-index';
import type { EmployerDirectory } from './domain/employer-directory';
import type { MatchRequests } from './domain/match-requests';
import { employerRoutes } from './http/employer-routes';
import { matchingErrors } from './http/errors';
import { internalRequestRoutes } from './http/internal-request-routes';

export type Deps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  verifyToken: TokenVerifier;
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  matchRequests: MatchRequests;
  clock: Clock;
};

/** The employer-facing service: it never holds a candidate's name or contact details. */
export function createApp({
  logger,
  readiness,
  verifyToken,
  candidates,
  directory,
  matchRequests,
  clock,
}: Deps) {
  const app = createServiceApp({ service: 'matching', logger, readiness, domainErrors: matchingErrors });
  // the service checks every token itself: a call that bypasses the gateway gets nothing
  app.use('/api/employer/*', authenticate(verifyToken, ['employer']));
  app.route('/api/employer', employerRoutes({ candidates, directory, matchRequests, clock }));
  app.route('/internal/requests', internalRequestRoutes({ matchRequests, candidates, verifyToken }));
  return app;
}
