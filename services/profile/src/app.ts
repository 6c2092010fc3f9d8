import {
  authenticate,
  createServiceApp,
  type Logger,
  type ReadinessCheck,
  type TokenVerifier,
} from '@meritmatch/service-kit';
import type { EmployerProfileData } from './data/employer-profiles';
import type { JobSeekerProfileData } from './data/job-seeker-profiles';
import type { AccessLog } from './domain/access-log';
import type { Employers } from './domain/employers';
import type { JobSeekers } from './domain/job-seekers';
import { internalAccessLogRoutes, jobSeekerAccessLogRoutes } from './http/access-log-routes';
import { employerRoutes } from './http/employer-routes';
import { profileErrors } from './http/errors';
import { internalCandidateRoutes } from './http/internal-candidate-routes';
import { internalEmployerRoutes } from './http/internal-employer-routes';
import { jobSeekerRoutes } from './http/job-seeker-routes';

export type Deps = {
  logger: Logger;
  readiness: ReadinessCheck[];
  verifyToken: TokenVerifier;
  jobSeekers: JobSeekers;
  profiles: JobSeekerProfileData;
  employers: Employers;
  employerProfiles: EmployerProfileData;
  accessLog: AccessLog;
};

export function createApp({
  logger,
  readiness,
  verifyToken,
  jobSeekers,
  profiles,
  employers,
  employerProfiles,
  accessLog,
}: Deps) {
  const app = createServiceApp({ service: 'profile', logger, readiness, domainErrors: profileErrors });
  // the service checks every token itself: a call that bypasses the gateway gets nothing
  app.use('/api/job-seeker/*', authenticate(verifyToken, ['job_seeker']));
  app.use('/api/employer/*', authenticate(verifyToken, ['employer']));
  app.route('/api/job-seeker', jobSeekerRoutes(jobSeekers));
  app.route('/api/job-seeker', jobSeekerAccessLogRoutes(accessLog));
  app.route('/api/employer', employerRoutes(employers));
  app.route('/internal', internalCandidateRoutes({ profiles, accessLog, verifyToken }));
  app.route('/internal/access-log', internalAccessLogRoutes({ accessLog, verifyToken }));
  app.route(
    '/internal/employers',
    internalEmployerRoutes({ employers, repository: employerProfiles, verifyToken }),
  );

  return app;
}
