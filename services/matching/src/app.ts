import { myDataPath, myDataRoles } from '@meritmatch/contracts';
import {
  ApiError,
  type AppEnv,
  type Clock,
  createAreaApp,
  type ServiceAppBase,
} from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { CandidateIndex } from './domain/candidate-index';
import type { EmployerDirectory } from './domain/employer-directory';
import { employerRoutes } from './http/employer-routes';
import { matchingErrors } from './http/errors';
import { interestRoutes } from './http/interest-routes';
import { internalRequestRoutes } from './http/internal-request-routes';
import { internalSearchLogRoutes } from './http/internal-search-log-routes';
import { myDataRoutes } from './http/my-data-routes';
import { serviceTextRoutes } from './http/service-text-routes';
import type { MatchRequests } from './use-cases/match-requests';
import type { Positions } from './use-cases/positions';
import type { SavedSearches } from './use-cases/saved-searches';
import type { SearchLog } from './use-cases/search-log';

export type Deps = ServiceAppBase & {
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  matchRequests: MatchRequests;
  positions: Positions;
  savedSearches: SavedSearches;
  /** Every answer that shows candidates is written here first; admins read it, job seekers count their weeks. */
  searchLog: SearchLog;
  clock: Clock;
  /**
   * Whether the index and the directory hold their whole topics. Until then (a start, longer
   * when Kafka is down) the employers' and job seekers' areas answer 503: an empty index would
   * answer "no candidates" and every employer "not verified". The admins' queue needs only the
   * database and works throughout.
   */
  indexReady: () => boolean;
  /** Resolves true once the index is read, false after `ms` (at once when it is read already). */
  whenIndexed: (ms: number) => Promise<boolean>;
};

export const indexNotReadyMessage = 'Candidate search is still being prepared; please try again shortly';

/** The employer-facing service: it never holds a candidate's name or contact details. */
export function createApp({
  candidates,
  directory,
  matchRequests,
  positions,
  savedSearches,
  searchLog,
  clock,
  indexReady,
  whenIndexed,
  ...base
}: Deps) {
  // biome-ignore lint/suspicious/noExplicitAny: routes of any variables
  const onceIndexed = (routes: Hono<any>) =>
    new Hono<AppEnv>()
      .use('*', async (_c, next) => {
        // a start reads the index in seconds: a call that comes meanwhile waits a little for it
        if (!indexReady() && !(await whenIndexed(1500)))
          throw new ApiError('SERVICE_UNAVAILABLE', indexNotReadyMessage);
        await next();
      })
      .route('/', routes);
  return createAreaApp({
    ...base,
    service: 'matching',
    domainErrors: matchingErrors,
    areas: [
      {
        prefix: '/api/employer',
        roles: ['employer'],
        routes: onceIndexed(
          employerRoutes({
            candidates,
            directory,
            matchRequests,
            positions,
            savedSearches,
            searchLog,
            clock,
          }),
        ),
      },
      {
        prefix: '/api/job-seeker/interest',
        roles: ['job_seeker'],
        routes: onceIndexed(interestRoutes({ matchRequests, directory, candidates, searchLog })),
      },
      // the person's part of "Download my data", which the gateway composes (never routed on its own)
      {
        prefix: myDataPath,
        roles: myDataRoles,
        routes: onceIndexed(myDataRoutes({ candidates, directory, matchRequests, searchLog, clock })),
      },
      {
        prefix: '/internal/requests',
        roles: ['admin'],
        routes: internalRequestRoutes({ matchRequests, candidates, directory }),
      },
      // the admins' Search log: needs only the database, like the queue
      {
        prefix: '/internal/search-log',
        roles: ['admin'],
        routes: internalSearchLogRoutes({ searchLog, directory }),
      },
      // for the contact log and the e-mails, with a service token: the free text the events leave out
      {
        prefix: '/internal/service',
        roles: ['service'],
        routes: serviceTextRoutes({ matchRequests, savedSearches }),
      },
    ],
  });
}
