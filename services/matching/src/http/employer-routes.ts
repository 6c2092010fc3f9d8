import {
  employerMessages,
  idParam,
  paginate,
  ZCandidateSearchQuery,
  ZMatchRequestInput,
} from '@meritmatch/contracts';
import { ApiError, type AppEnv, type Clock, notFound, validate } from '@meritmatch/service-kit';
import { Hono, type MiddlewareHandler } from 'hono';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import type { MatchRequests } from '../use-cases/match-requests';
import type { SearchLog } from '../use-cases/search-log';
import { toCandidateDetail, toCandidateSummary, toEmployerRequest } from './views';

const ZCandidateId = idParam('candidate');
const ZRequestId = idParam('match request');

/** Search, details and new requests need a verified employer (checked on every call). */
const verifiedOnly =
  (directory: EmployerDirectory): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!directory.isVerified(c.get('identity').userId))
      throw new ApiError('NOT_VERIFIED', employerMessages.notVerified);
    await next();
  };

/** What an employer's views are drawn from: the candidates, the companies, the requests, the time. */
export type EmployerViewDeps = {
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  matchRequests: MatchRequests;
  clock: Clock;
};

/**
 * Every answer that shows candidates (a page of search results, a candidate's detail) is logged
 * before it leaves: one that cannot be logged is a 503 and shows nothing (invariant 11).
 */
export function employerRoutes({
  candidates,
  directory,
  matchRequests,
  searchLog,
  clock,
}: EmployerViewDeps & { searchLog: Pick<SearchLog, 'searched' | 'opened'> }) {
  const verified = verifiedOnly(directory);
  return new Hono<AppEnv>()
    .get('/search', verified, validate('query', ZCandidateSearchQuery), async (c) => {
      const query = c.req.valid('query');
      const { page, limit, ...filters } = query;
      const employerId = c.get('identity').userId;
      const now = clock();
      const viewer = directory.viewer(employerId);
      const { items, total, fits } = candidates.search(filters, page, limit, now, viewer);
      // shown traits come from the groups of every searchable candidate, not from this result
      const summaries = items.map((item) =>
        toCandidateSummary(
          item,
          candidates.shown(item.candidateId, now, viewer)!,
          fits.get(item.candidateId) ?? null,
        ),
      );
      await searchLog.searched(employerId, now, query, items, fits);
      return c.json({ candidates: summaries, pagination: paginate(total, page, limit) });
    })
    .get('/candidate/:id', verified, validate('param', ZCandidateId), async (c) => {
      const { id } = c.req.valid('param');
      const employerId = c.get('identity').userId;
      const now = clock();
      const viewer = directory.viewer(employerId);
      // paused, or blocked this employer: as if there were no such candidate
      const candidate = candidates.get(id, viewer);
      const shown = candidates.shown(id, now, viewer);
      if (!candidate || !shown) throw notFound('Candidate not found');
      const detail = toCandidateDetail(candidate, shown);
      await searchLog.opened(employerId, now, candidate);
      return c.json({ candidate: detail });
    })
    .post('/request-candidate', verified, validate('json', ZMatchRequestInput), async (c) => {
      const { jobSeekerId, message } = c.req.valid('json');
      const request = await matchRequests.request(c.get('identity'), jobSeekerId, message);
      const viewer = directory.viewer(request.employerId);
      return c.json(
        {
          message: employerMessages.requestSent,
          request: toEmployerRequest(request, candidates, clock(), viewer),
        },
        201,
      );
    })
    .get('/requests', async (c) => {
      const employerId = c.get('identity').userId;
      const requests = await matchRequests.listForEmployer(employerId);
      const now = clock();
      const viewer = directory.viewer(employerId);
      return c.json({
        requests: requests.map((request) => toEmployerRequest(request, candidates, now, viewer)),
      });
    })
    .delete('/unmatch/:id', validate('param', ZRequestId), async (c) => {
      const request = await matchRequests.unmatch(c.get('identity'), c.req.valid('param').id);
      return c.json({
        message: employerMessages.unmatched,
        request: toEmployerRequest(request, candidates, clock(), directory.viewer(request.employerId)),
      });
    });
}
