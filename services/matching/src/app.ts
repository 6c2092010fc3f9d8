import { type Clock, createAreaApp, type ServiceAppBase } from '@meritmatch/service-kit';
import type { CandidateIndex } from './domain/candidate-index';
import type { EmployerDirectory } from './domain/employer-directory';
import type { MatchRequests } from './domain/match-requests';
import { employerRoutes } from './http/employer-routes';
import { matchingErrors } from './http/errors';
import { interestRoutes } from './http/interest-routes';
import { internalRequestRoutes } from './http/internal-request-routes';

export type Deps = ServiceAppBase & {
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  matchRequests: MatchRequests;
  clock: Clock;
};

/** The employer-facing service: it never holds a candidate's name or contact details. */
export function createApp({ candidates, directory, matchRequests, clock, ...base }: Deps) {
  return createAreaApp({
    ...base,
    service: 'matching',
    domainErrors: matchingErrors,
    areas: [
      {
        prefix: '/api/employer',
        roles: ['employer'],
        routes: employerRoutes({ candidates, directory, matchRequests, clock }),
      },
      {
        prefix: '/api/job-seeker/interest',
        roles: ['job_seeker'],
        routes: interestRoutes({ matchRequests, directory }),
      },
      {
        prefix: '/internal/requests',
        roles: ['admin'],
        routes: internalRequestRoutes({ matchRequests, candidates }),
      },
    ],
  });
}
