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
import type { MatchRequests } from '../domain/match-requests';
import { toCandidateDetail, toCandidateSummary, toEmployerRequest } from './views';

const ZId = idParam('Not found');

/** Search, details and new requests need a verified employer (checked on every call). */
const verifiedOnly =
  (directory: EmployerDirectory): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!directory.isVerified(c.get('identity').userId))
      throw new ApiError('NOT_VERIFIED', employerMessages.notVerified);
    await next();
  };

export function employerRoutes({
  candidates,
  directory,
  matchRequests,
  clock,
}: {
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  matchRequests: MatchRequests;
  clock: Clock;
}) {
  const verified = verifiedOnly(directory);
  return new Hono<AppEnv>()
    .get('/search', verified, validate('query', ZCandidateSearchQuery), (c) => {
      const { page, limit, ...filters } = c.req.valid('query');
      const now = clock();
      const { items, total } = candidates.search(filters, page, limit, now);
      // shown traits come from the groups of every searchable candidate, not from this result
      const summaries = items.map((item) =>
        toCandidateSummary(item, candidates.shown(item.candidateId, now)!),
      );
      return c.json({ candidates: summaries, pagination: paginate(total, page, limit) });
    })
    .get('/candidate/:id', verified, validate('param', ZId), (c) => {
      const { id } = c.req.valid('param');
      const now = clock();
      const candidate = candidates.get(id);
      const shown = candidates.shown(id, now);
      if (!candidate || !shown) throw notFound('Candidate not found');
      return c.json({ candidate: toCandidateDetail(candidate, shown) });
    })
    .post('/request-candidate', verified, validate('json', ZMatchRequestInput), async (c) => {
      const { jobSeekerId, message } = c.req.valid('json');
      const request = await matchRequests.request(c.get('identity'), jobSeekerId, message);
      return c.json(
        { message: employerMessages.requestSent, request: toEmployerRequest(request, candidates, clock()) },
        201,
      );
    })
    .get('/requests', async (c) => {
      const requests = await matchRequests.listForEmployer(c.get('identity').userId);
      const now = clock();
      return c.json({ requests: requests.map((request) => toEmployerRequest(request, candidates, now)) });
    })
    .delete('/unmatch/:id', validate('param', ZId), async (c) => {
      const request = await matchRequests.unmatch(c.get('identity'), c.req.valid('param').id);
      return c.json({
        message: employerMessages.unmatched,
        request: toEmployerRequest(request, candidates, clock()),
      });
    });
}
