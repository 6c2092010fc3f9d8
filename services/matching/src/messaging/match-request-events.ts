import { ZMatchRequestCreated, ZMatchRequestStatusChanged } from '@meritmatch/contracts';
import { buildEvent, type Clock, type Identity } from '@meritmatch/service-kit';
import type { MatchRequest } from '../domain/match-request';

const source = 'matching';

/**
 * The events carry no free text and no name (their topic keeps them longer than an erasure may
 * take): they say whether there is a message or notes, which readers ask for with the event's id.
 */
export const matchRequestCreated = (request: MatchRequest, clock?: Clock) =>
  buildEvent(ZMatchRequestCreated, {
    type: 'match.request.created',
    version: 3,
    aggregateId: request.id,
    source,
    ...(clock ? { clock } : {}),
    data: {
      requestId: request.id,
      employerId: request.employerId,
      candidateId: request.candidateId,
      candidateCode: request.candidateCode,
      withMessage: request.message !== null,
      withPosition: Boolean(request.position),
      createdAt: request.createdAt.toISOString(),
      status: request.status === 'awaiting_candidate' ? 'awaiting_candidate' : 'pending',
    },
  });

export const matchRequestStatusChanged = (
  before: MatchRequest,
  after: MatchRequest,
  actor: Pick<Identity, 'userId' | 'role'>,
  {
    id,
    withNotes,
    clock,
  }: {
    /** The id the decision's notes are kept under. */
    id?: string;
    /** Whether notes are kept under it. */
    withNotes: boolean;
    clock?: Clock;
  },
) =>
  buildEvent(ZMatchRequestStatusChanged, {
    type: 'match.request.status-changed',
    version: 2,
    aggregateId: after.id,
    source,
    ...(id ? { id } : {}),
    ...(clock ? { clock } : {}),
    data: {
      requestId: after.id,
      employerId: after.employerId,
      candidateId: after.candidateId,
      candidateCode: after.candidateCode,
      from: before.status,
      to: after.status,
      withNotes,
      actor: { userId: actor.userId, role: actor.role },
      changedAt: after.updatedAt.toISOString(),
    },
  });
