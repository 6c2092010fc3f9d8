import {
  idParam,
  interestMessages,
  ZInterestDecisionInput,
  ZSearchAppearancesAnswer,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import type { MatchRequests } from '../use-cases/match-requests';
import type { SearchLog } from '../use-cases/search-log';
import { toAppearanceWeeks, toInterestRequest } from './views';

const ZId = idParam('match request');

/**
 * `/api/job-seeker/interest`: the job seeker's own match requests, and how often their profile
 * appeared in searches and was opened, per week (the role is checked before these routes; the
 * candidate is found by the account, never by an id the caller sends).
 */
export function interestRoutes({
  matchRequests,
  directory,
  candidates,
  searchLog,
}: {
  matchRequests: MatchRequests;
  directory: EmployerDirectory;
  candidates: CandidateIndex;
  searchLog: Pick<SearchLog, 'appearances'>;
}) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const requests = await matchRequests.listForCandidate(c.get('identity').userId);
      return c.json({
        requests: requests.map((request) => toInterestRequest(request, directory, candidates)),
      });
    })
    .get('/appearances', async (c) => {
      const weeks = await searchLog.appearances(c.get('identity').userId);
      return c.json(ZSearchAppearancesAnswer.parse({ weeks: toAppearanceWeeks(weeks) }));
    })
    .put('/:id', validate('param', ZId), validate('json', ZInterestDecisionInput), async (c) => {
      const { decision } = c.req.valid('json');
      const request = await matchRequests.decideAsCandidate(
        c.get('identity'),
        c.req.valid('param').id,
        decision,
      );
      return c.json({
        message: interestMessages[decision],
        request: toInterestRequest(request, directory, candidates),
      });
    });
}
