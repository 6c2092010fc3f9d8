import { paginate, ZAdminDecision, ZRequestQueueQuery } from '@meritmatch/contracts';
import { type AppEnv, authenticate, notFound, type TokenVerifier, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MatchRequest } from '../data/match-requests';
import type { CandidateIndex } from '../domain/candidate-index';
import type { MatchRequests } from '../domain/match-requests';

const ZId = z.object({ id: z.uuid({ message: 'Match request not found' }) });

const toInternal = (request: MatchRequest, candidates: CandidateIndex) => {
  const candidate = candidates.get(request.candidateId);
  return {
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
  };
};

/** For the admin service only, with the admin's own token: the request queue and decisions. */
export function internalRequestRoutes({
  matchRequests,
  candidates,
  verifyToken,
}: {
  matchRequests: MatchRequests;
  candidates: CandidateIndex;
  verifyToken: TokenVerifier;
}) {
  return new Hono<AppEnv>()
    .use(authenticate(verifyToken, ['admin']))
    .get('/', validate('query', ZRequestQueueQuery), async (c) => {
      const { status, page, limit } = c.req.valid('query');
      const { items, total } = await matchRequests.listByStatus(status, page, limit);
      return c.json({
        requests: items.map((request) => toInternal(request, candidates)),
        pagination: paginate(total, page, limit),
      });
    })
    .get('/counts', async (c) => c.json({ counts: await matchRequests.countByStatus() }))
    .get('/:id', validate('param', ZId), async (c) => {
      const request = await matchRequests.find(c.req.valid('param').id);
      if (!request) throw notFound('Match request not found');
      return c.json({ request: toInternal(request, candidates) });
    })
    .put('/:id', validate('param', ZId), validate('json', ZAdminDecision), async (c) => {
      const { message, request } = await matchRequests.decide(
        c.get('identity'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ message, request: toInternal(request, candidates) });
    });
}
