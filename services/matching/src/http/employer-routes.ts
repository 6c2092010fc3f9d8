import {
  employerMessages,
  idParam,
  paginate,
  skillNameMaxLength,
  ZCandidateSearchQuery,
  ZMatchRequestInput,
  ZSkillSuggestionsAnswer,
  ZSkillSuggestionsQuery,
} from '@meritmatch/contracts';
import { ApiError, type AppEnv, type Clock, notFound, validate } from '@meritmatch/service-kit';
import { skillVocabulary } from '@meritmatch/skills';
import { Hono, type MiddlewareHandler } from 'hono';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import { termsOf } from '../domain/position';
import type { MatchRequests } from '../use-cases/match-requests';
import type { Positions } from '../use-cases/positions';
import type { SavedSearches } from '../use-cases/saved-searches';
import type { SearchLog } from '../use-cases/search-log';
import { positionRoutes } from './position-routes';
import { savedSearchRoutes } from './saved-search-routes';
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
  positions: Positions;
  savedSearches: SavedSearches;
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
  positions,
  savedSearches,
  searchLog,
  clock,
}: EmployerViewDeps & { searchLog: Pick<SearchLog, 'searched' | 'opened'> }) {
  const verified = verifiedOnly(directory);
  return (
    new Hono<AppEnv>()
      .route('/positions', positionRoutes({ positions, verified }))
      .route('/saved-searches', savedSearchRoutes({ savedSearches, positions, verified }))
      .get('/search', verified, validate('query', ZCandidateSearchQuery), async (c) => {
        const query = c.req.valid('query');
        const { page, limit, position: positionId, ...filters } = query;
        const employerId = c.get('identity').userId;
        // a search from a position (the filters stay as the employer set them)
        const position = positionId ? await positions.open(employerId, positionId) : undefined;
        const now = clock();
        const viewer = directory.viewer(employerId);
        const { items, total, fits } = await candidates.searchYielding(
          {
            ...filters,
            // its terms leave out the candidates whose private preferences refuse them; its levels rank
            ...(position
              ? {
                  position: termsOf(position),
                  levels: { experience: position.experience, education: position.education },
                }
              : {}),
          },
          page,
          limit,
          now,
          viewer,
        );
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
      // the skills vocabulary's names for what the employer is typing (a position's skills, a search)
      .get('/skill-suggestions', verified, validate('query', ZSkillSuggestionsQuery), (c) => {
        const { q, limit } = c.req.valid('query');
        const suggestions = skillVocabulary()
          .suggest(q, limit * 2)
          .filter((suggestion) => suggestion.name.length <= skillNameMaxLength)
          .slice(0, limit);
        return c.json(ZSkillSuggestionsAnswer.parse({ suggestions }));
      })
      .post('/request-candidate', verified, validate('json', ZMatchRequestInput), async (c) => {
        const { jobSeekerId, message, positionId } = c.req.valid('json');
        const employer = c.get('identity');
        const position = positionId ? await positions.open(employer.userId, positionId) : undefined;
        const request = await matchRequests.request(employer, jobSeekerId, message, position);
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
      })
  );
}
