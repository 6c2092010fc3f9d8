import { ZMatchRequestCreated, ZMatchRequestStatusChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock, type Identity } from '@meritmatch/service-kit';
import type { MatchRequest } from '../domain/match-request';

const source = 'matching';

/** The company's name for the event, when this service knows the employer (readers need not ask). */
const company = (companyName: string | undefined) => (companyName ? { companyName } : {});

export const matchRequestCreated = (request: MatchRequest, companyName?: string, clock?: Clock) =>
  buildEvent(ZMatchRequestCreated, {
    type: 'match.request.created',
    version: 1,
    aggregateId: request.id,
    source,
    ...(clock ? { clock } : {}),
    data: {
      requestId: request.id,
      employerId: request.employerId,
      candidateId: request.candidateId,
      candidateCode: request.candidateCode,
      message: request.message,
      ...company(companyName),
      createdAt: request.createdAt.toISOString(),
      status: request.status === 'awaiting_candidate' ? 'awaiting_candidate' : 'pending',
    },
  });

export const matchRequestStatusChanged = (
  before: MatchRequest,
  after: MatchRequest,
  actor: Pick<Identity, 'userId' | 'role'>,
  companyName?: string,
  clock?: Clock,
) =>
  buildEvent(ZMatchRequestStatusChanged, {
    type: 'match.request.status-changed',
    version: 1,
    aggregateId: after.id,
    source,
    ...(clock ? { clock } : {}),
    data: {
      requestId: after.id,
      employerId: after.employerId,
      candidateId: after.candidateId,
      candidateCode: after.candidateCode,
      from: before.status,
      to: after.status,
      adminNotes: after.adminNotes,
      contactNote: after.contactNote,
      actor: { userId: actor.userId, role: actor.role },
      ...company(companyName),
      changedAt: after.updatedAt.toISOString(),
    },
  });
