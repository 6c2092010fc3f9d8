import type { EmployerRequestStatus, MatchStatus } from '@meritmatch/contracts';
import { DomainError } from '@meritmatch/service-kit';

/** A match request: an employer asking to be introduced to an anonymous candidate. */
export type MatchRequest = {
  id: string;
  employerId: string;
  candidateId: string;
  candidateCode: string;
  status: EmployerRequestStatus;
  message: string | null;
  adminNotes: string | null;
  contactNote: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** What can happen to a request after it was made. */
export type MatchRequestCommand =
  | {
      type: 'decide';
      status: MatchStatus;
      adminNotes?: string | undefined;
      contactNote?: string | undefined;
    }
  | { type: 'unmatch'; employerId: string };

export type MatchRequestErrorReason =
  | 'candidate.not-found'
  | 'request.not-found'
  | 'request.duplicate'
  | 'request.illegal-transition'
  | 'request.not-matched';

/** The admin's moves (SPEC.md section 4); 'connected' is the explicit "contact was made" step. */
export const adminMoves: Record<EmployerRequestStatus, readonly MatchStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['pending', 'connected'],
  rejected: [],
  connected: [],
  unmatched: [],
};

/** While a request is in one of these, the same employer cannot ask for the same candidate again. */
export const openStatuses: ReadonlySet<EmployerRequestStatus> = new Set(['pending', 'approved', 'connected']);

export function newMatchRequest(fields: {
  id: string;
  employerId: string;
  candidateId: string;
  candidateCode: string;
  message: string | undefined;
  now: Date;
}): MatchRequest {
  return {
    id: fields.id,
    employerId: fields.employerId,
    candidateId: fields.candidateId,
    candidateCode: fields.candidateCode,
    status: 'pending',
    message: fields.message ?? null,
    adminNotes: null,
    contactNote: null,
    version: 1,
    createdAt: fields.now,
    updatedAt: fields.now,
  };
}

/**
 * The request's state machine, in one place: the next state for a command, or a
 * DomainError saying why not. An employer's command on another employer's request is
 * answered as if the request did not exist.
 */
export function transition(request: MatchRequest, command: MatchRequestCommand): MatchRequest {
  switch (command.type) {
    case 'decide': {
      if (!adminMoves[request.status].includes(command.status)) {
        throw new DomainError('request.illegal-transition', { from: request.status, to: command.status });
      }
      return {
        ...request,
        status: command.status,
        ...(command.adminNotes !== undefined ? { adminNotes: command.adminNotes || null } : {}),
        ...(command.contactNote !== undefined ? { contactNote: command.contactNote || null } : {}),
      };
    }
    case 'unmatch': {
      if (request.employerId !== command.employerId) throw new DomainError('request.not-found');
      if (request.status !== 'approved') throw new DomainError('request.not-matched');
      return { ...request, status: 'unmatched' };
    }
    default:
      return unreachable(command);
  }
}

function unreachable(command: never): never {
  throw new Error(`unknown command ${JSON.stringify(command)}`);
}
