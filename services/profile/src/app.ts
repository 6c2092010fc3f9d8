import {
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import type { JobSeekerProfileRepository } from './data/job-seeker-profiles';
import type { JobSeekers } from './domain/job-seekers';
import { internalCandidateRoutes } from './http/internal-candidate-routes';
import { jobSeekerRoutes } from './http/job-seeker-routes';

export type Deps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  verifyToken: TokenVerifier;
  jobSeekers: JobSeekers;
  profiles: JobSeekerProfileRepository;
};

export function createApp({ logger, readiness, verifyToken, jobSeekers, profiles }: Deps) {
  const app = createServiceApp({ service: 'profile', logger, readiness });
  // the service checks every token itself: a call that bypasses the gateway gets nothing
  app.use('/api/job-seeker/*', authenticate(verifyToken, ['job_seeker']));
  app.use('/api/employer/*', authenticate(verifyToken, ['employer']));
  app.route('/api/job-seeker', jobSeekerRoutes(jobSeekers));
  app.route('/internal', internalCandidateRoutes({ profiles, verifyToken }));
  return app;
}
