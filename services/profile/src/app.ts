import { myDataPath, myDataRoles } from '@meritmatch/contracts';
import type { AppEnv } from '@meritmatch/service-kit';
import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { EmployerProfileReads } from './data/employer-profiles';
import type { JobSeekerProfileReads } from './data/job-seeker-profiles';
import { internalAccessLogRoutes, jobSeekerAccessLogRoutes } from './http/access-log-routes';
import { employerRoutes } from './http/employer-routes';
import { profileErrors } from './http/errors';
import { internalCandidateRoutes, internalJobSeekerRoutes } from './http/internal-candidate-routes';
import { internalEmployerRoutes } from './http/internal-employer-routes';
import { jobSeekerRoutes } from './http/job-seeker-routes';
import { serviceLookupRoutes } from './http/lookups';
import { myDataRoutes } from './http/my-data-routes';
import type { AccessLog } from './use-cases/access-log';
import type { Employers } from './use-cases/employers';
import type { JobSeekers } from './use-cases/job-seekers';

export type Deps = ServiceAppBase & {
  jobSeekers: JobSeekers;
  profiles: JobSeekerProfileReads;
  employers: Employers;
  employerProfiles: EmployerProfileReads;
  accessLog: AccessLog;
};

/** The owner of job seekers' profiles (with their personal details) and of company profiles. */
export function createApp({ jobSeekers, profiles, employers, employerProfiles, accessLog, ...base }: Deps) {
  const jobSeekerArea = new Hono<AppEnv>()
    .route('/', jobSeekerRoutes(jobSeekers))
    .route('/', jobSeekerAccessLogRoutes(accessLog));
  const admin = ['admin'] as const;
  return createAreaApp({
    ...base,
    service: 'profile',
    domainErrors: profileErrors,
    areas: [
      { prefix: '/api/job-seeker', roles: ['job_seeker'], routes: jobSeekerArea },
      { prefix: '/api/employer', roles: ['employer'], routes: employerRoutes(employers) },
      // the person's part of "Download my data", which the gateway composes (never routed on its own)
      { prefix: myDataPath, roles: myDataRoles, routes: myDataRoutes({ jobSeekers, employers, accessLog }) },
      // for the admin service only, with the admin's own token
      {
        prefix: '/internal/candidates',
        roles: admin,
        routes: internalCandidateRoutes({ profiles, accessLog }),
      },
      {
        prefix: '/internal/job-seekers',
        roles: admin,
        routes: internalJobSeekerRoutes({ profiles, accessLog }),
      },
      { prefix: '/internal/access-log', roles: admin, routes: internalAccessLogRoutes(accessLog) },
      {
        prefix: '/internal/employers',
        roles: admin,
        routes: internalEmployerRoutes({ employers, repository: employerProfiles }),
      },
      // for the notifications service only, with its service token: names and user ids
      {
        prefix: '/internal/service',
        roles: ['service'],
        routes: serviceLookupRoutes({ profiles, employers: employerProfiles }),
      },
    ],
  });
}
