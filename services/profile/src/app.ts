import { createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import type { EmployerProfileData } from './data/employer-profiles';
import type { JobSeekerProfileData } from './data/job-seeker-profiles';
import type { Employers } from './domain/employers';
import type { JobSeekers } from './domain/job-seekers';
import { employerRoutes } from './http/employer-routes';
import { profileErrors } from './http/errors';
import { internalCandidateRoutes, internalJobSeekerRoutes } from './http/internal-candidate-routes';
import { internalEmployerRoutes } from './http/internal-employer-routes';
import { jobSeekerRoutes } from './http/job-seeker-routes';
import { serviceLookupRoutes } from './http/lookups';

export type Deps = ServiceAppBase & {
  jobSeekers: JobSeekers;
  profiles: JobSeekerProfileData;
  employers: Employers;
  employerProfiles: EmployerProfileData;
};

/** The owner of job seekers' profiles (with their personal details) and of company profiles. */
export function createApp({ jobSeekers, profiles, employers, employerProfiles, ...base }: Deps) {
  return createAreaApp({
    ...base,
    service: 'profile',
    domainErrors: profileErrors,
    areas: [
      { prefix: '/api/job-seeker', roles: ['job_seeker'], routes: jobSeekerRoutes(jobSeekers) },
      { prefix: '/api/employer', roles: ['employer'], routes: employerRoutes(employers) },
      // for the admin service only, with the admin's own token
      { prefix: '/internal/candidates', roles: ['admin'], routes: internalCandidateRoutes({ profiles }) },
      { prefix: '/internal/job-seekers', roles: ['admin'], routes: internalJobSeekerRoutes({ profiles }) },
      {
        prefix: '/internal/employers',
        roles: ['admin'],
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
