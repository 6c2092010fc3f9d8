import { randomUUID } from 'node:crypto';
import {
  duplicateRequestMessage,
  type EmployerRequestStatus,
  employerMessages,
  type MatchStatus,
} from '@meritmatch/contracts';
import {
  ApiError,
  type Clock,
  conflict,
  type Identity,
  notFound,
  systemClock,
} from '@meritmatch/service-kit';
import {
  type MatchRequest,
  type MatchRequestRepository,
  OpenRequestExistsError,
} from '../data/match-requests';
import { matchRequestCreated, matchRequestStatusChanged } from '../messaging/match-request-events';
import type { CandidateIndex } from './candidate-index';

/** The admin's moves (SPEC.md section 4); 'connected' is the explicit "contact was made" step. */
export const adminTransitions: Record<EmployerRequestStatus, readonly MatchStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['pending', 'connected'],
  rejected: [],
  connected: [],
  unmatched: [],
};

export type MatchRequestsDeps = {
  requests: MatchRequestRepository;
  candidates: CandidateIndex;
  published: (requestId: string) => void;
  clock?: Clock;
};

export type AdminDecision = {
  status: MatchStatus;
  adminNotes?: string | undefined;
  contactNote?: string | undefined;
};

export function createMatchRequests({
  requests,
  candidates,
  published,
  clock = systemClock,
}: MatchRequestsDeps) {
  async function transition(
    id: string,
    actor: Identity,
    decide: (current: MatchRequest) => Partial<MatchRequest> & { status: EmployerRequestStatus },
  ) {
    let before: MatchRequest | undefined;
    const next = await requests.modify(id, (current) => {
      before = current;
      const changed = { ...current, ...decide(current), version: current.version + 1, updatedAt: clock() };
      return { next: changed, events: [matchRequestStatusChanged(current, changed, actor, clock)] };
    });
    if (!next || !before) throw notFound('Match request not found');
    published(id);
    return next;
  }

  return {
    async request(employer: Identity, candidateId: string, message: string | undefined) {
      const candidate = candidates.get(candidateId);
      if (!candidate) throw notFound('Candidate not found');
      const now = clock();
      const created: MatchRequest = {
        id: randomUUID(),
        employerId: employer.userId,
        candidateId,
        candidateCode: candidate.uniqueCode,
        status: 'pending',
        message: message ?? null,
        adminNotes: null,
        contactNote: null,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await requests.insert(created, [matchRequestCreated(created, clock)]);
      } catch (error) {
        if (error instanceof OpenRequestExistsError) throw conflict(duplicateRequestMessage);
        throw error;
      }
      published(created.id);
      return { message: employerMessages.requestSent, request: created };
    },

    listForEmployer: (employerId: string) => requests.listByEmployer(employerId),

    /** Only the employer's own approved request; another employer's id is a 404. */
    async unmatch(employer: Identity, id: string) {
      const current = await requests.find(id);
      if (!current || current.employerId !== employer.userId) throw notFound('Match request not found');
      const request = await transition(id, employer, (latest) => {
        if (latest.employerId !== employer.userId) throw notFound('Match request not found');
        if (latest.status !== 'approved') throw conflict('Only matched requests can be unmatched');
        return { status: 'unmatched' };
      });
      return { message: employerMessages.unmatched, request };
    },

    async decide(admin: Identity, id: string, decision: AdminDecision) {
      const request = await transition(id, admin, (current) => {
        if (!adminTransitions[current.status].includes(decision.status)) {
          throw new ApiError(
            'CONFLICT',
            `A ${current.status} request cannot be changed to ${decision.status}`,
          );
        }
        return {
          status: decision.status,
          ...(decision.adminNotes !== undefined ? { adminNotes: decision.adminNotes || null } : {}),
          ...(decision.contactNote !== undefined ? { contactNote: decision.contactNote || null } : {}),
        };
      });
      return { message: `Request ${decision.status} successfully!`, request };
    },

    listByStatus: (status: EmployerRequestStatus, page: number, limit: number) =>
      requests.listByStatus(status, page, limit),
    countByStatus: () => requests.countByStatus(),
    find: (id: string) => requests.find(id),
  };
}

export type MatchRequests = ReturnType<typeof createMatchRequests>;
