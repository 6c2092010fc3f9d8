import {
  decisionMessage,
  type InternalMatchRequest,
  idParam,
  paginate,
  ZAdminDecision,
  ZInternalMatchRequest,
  ZInternalRequestCounts,
  ZInternalRequestPage,
  ZRequestQueueQuery,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import type { MatchRequest } from '../domain/match-request';
import type { MatchRequests } from '../use-cases/match-requests';
import { candidateErased, employerErased } from './views';

const ZId = idParam('match request');

type Parties = { candidates: CandidateIndex; directory: EmployerDirectory };

/**
 * The admin service's view of a request, parsed with its contract before it leaves; it says
 * which party was erased, so that the admin's screens can say so.
 */
const toInternal = (request: MatchRequest, { candidates, directory }: Parties): InternalMatchRequest => {
  const candidate = candidates.get(request.candidateId);
  return ZInternalMatchRequest.parse({
    id: request.id,
    job_seeker_id: request.candidateId,
    employer_id: request.employerId,
    candidate_code: candidate?.uniqueCode ?? request.candidateCode,
    candidate_location: candidate?.location ?? '',
    status: request.status,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    message: request.message,
    admin_notes: request.adminNotes,
    contact_note: request.contactNote,
    candidate_erased: candidateErased(request, candidates),
    employer_erased: employerErased(request, directory),
  });
};

/** For the admin service only, with the admin's own token (checked by the app): the request queue and decisions. */
export function internalRequestRoutes({
  matchRequests,
  ...parties
}: {
  matchRequests: MatchRequests;
} & Parties) {
  return new Hono<AppEnv>()
    .get('/', validate('query', ZRequestQueueQuery), async (c) => {
      const { status, page, limit } = c.req.valid('query');
      const { items, total } = await matchRequests.listByStatus(status, page, limit);
      return c.json(
        ZInternalRequestPage.parse({
          requests: items.map((request) => toInternal(request, parties)),
          pagination: paginate(total, page, limit),
        }),
      );
    })
    .get('/counts', async (c) =>
      c.json(ZInternalRequestCounts.parse({ counts: await matchRequests.countByStatus() })),
    )
    .get('/:id', validate('param', ZId), async (c) => {
      const request = await matchRequests.find(c.req.valid('param').id);
      return c.json({ request: toInternal(request, parties) });
    })
    .put('/:id', validate('param', ZId), validate('json', ZAdminDecision), async (c) => {
      const decision = c.req.valid('json');
      const request = await matchRequests.decide(c.get('identity'), c.req.valid('param').id, decision);
      return c.json({ message: decisionMessage(decision.status), request: toInternal(request, parties) });
    });
}
