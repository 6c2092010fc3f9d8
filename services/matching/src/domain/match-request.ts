import {
  type AdminDecisionStatus,
  type EmployerRequestStatus,
  type InterestDecision,
  movesFrom,
  openRequestStatuses,
  requestMoves,
} from '@meritmatch/contracts';
import { DomainError } from '@meritmatch/service-kit/core';
import type { PositionSnapshot } from './position';

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
  /**
   * The employer's position the request names, as it was when sent; absent when it names none,
   * null once erased (a store that sets fields would keep one merely left out).
   */
  position?: PositionSnapshot | null;
  /**
   * The notes each decision left, by the id of its event: the events carry no text, and a reader
   * (the contact log, an e-mail) asks for the notes of the event it reads, which a later decision
   * may have changed since. Decisions that left no notes are not listed.
   */
  notesByEvent: EventNotes[];
  /** The candidate's account was erased: the other party's screens say "a deleted candidate". */
  candidateErased?: boolean;
  /** The employer's account was erased: the candidate's screens say "a deleted company". */
  employerErased?: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** The notes a request had after one decision, and when it was made. */
export type EventNotes = {
  eventId: string;
  adminNotes: string | null;
  contactNote: string | null;
  at?: Date;
};

/** The notes an event's readers get: those its decision left, or none. */
export const notesOf = (request: MatchRequest, eventId: string) => {
  const found = request.notesByEvent.find((entry) => entry.eventId === eventId);
  return { adminNotes: found?.adminNotes ?? null, contactNote: found?.contactNote ?? null };
};

/** Whether a decision left notes or a contact note on the request (its event says so). */
export const leftNotes = (request: MatchRequest) =>
  request.adminNotes !== null || request.contactNote !== null;

/**
 * A decision's request, with the notes it left recorded under its event's id. Entries older than
 * `keptMs` go: their events have left the topic (its retention), so nobody can ask for them.
 */
export function withNotesOf(request: MatchRequest, eventId: string, now: Date, keptMs: number): MatchRequest {
  const { adminNotes, contactNote } = request;
  const kept = request.notesByEvent.filter(
    (entry) => !entry.at || now.getTime() - entry.at.getTime() < keptMs,
  );
  return { ...request, notesByEvent: [...kept, { eventId, adminNotes, contactNote, at: now }] };
}

/** The party of a request whose account is erased. */
export type ErasedParty = 'candidate' | 'employer';

/**
 * The request once a party's account is erased: the employer's message and the team's notes
 * (free text, which may name either person) are gone with either party; ids, status, code and
 * times stay for the other party's history and the contact log. A request not yet shared closes
 * (the lifecycle's erasure move): nobody is left to introduce. The same request when nothing is
 * left to erase, so that an erasure asked again writes nothing.
 */
export function erasedFor(request: MatchRequest, party: ErasedParty): MatchRequest {
  const flag = party === 'candidate' ? 'candidateErased' : 'employerErased';
  const closing = movesFrom(request.status, 'erasure')[0];
  const done =
    request[flag] === true &&
    !closing &&
    request.message === null &&
    request.adminNotes === null &&
    request.contactNote === null &&
    !request.position &&
    request.notesByEvent.length === 0;
  if (done) return request;
  return {
    ...request,
    // the position's title and terms are the employer's words: they go with either party, like the message
    ...(request.position ? { position: null } : {}),
    ...(closing ? { status: closing.to } : {}),
    message: null,
    adminNotes: null,
    contactNote: null,
    notesByEvent: [],
    [flag]: true,
  };
}

/** What can happen to a request after it was made. */
export type MatchRequestCommand =
  | {
      type: 'decide';
      status: AdminDecisionStatus;
      adminNotes?: string | undefined;
      contactNote?: string | undefined;
      /** Whether the candidate has blocked the requesting company since (then it cannot be approved). */
      blockedByCandidate?: boolean;
    }
  | { type: 'unmatch'; employerId: string }
  | { type: 'candidate'; decision: InterestDecision; candidateId: string };

export type MatchRequestErrorReason =
  | 'candidate.not-found'
  | 'request.not-found'
  | 'request.duplicate'
  | 'request.illegal-transition'
  | 'request.awaiting-candidate'
  | 'request.blocked-by-candidate'
  | 'request.not-matched'
  | 'request.candidate-move'
  /** A party's account was erased: the request can no longer be approved (there is nobody to introduce). */
  | 'request.party-erased'
  /** Positions: not the employer's, closed, or one too many. */
  | 'position.not-found'
  | 'position.closed'
  | 'position.too-many'
  /** Saved searches: not the employer's, or one too many. */
  | 'saved-search.not-found'
  | 'saved-search.too-many'
  /** An approval checks the candidate's block list, which is not read yet (the index is being built). */
  | 'index.not-ready';

/** The admin's moves from a status (the lifecycle's: pending → approved | rejected, approved → pending | connected). */
export const adminMovesFrom = (status: EmployerRequestStatus) =>
  movesFrom(status, 'admin').map((move) => move.to as AdminDecisionStatus);

/** The candidate's move for a decision: from where to where. */
export const candidateMoveFor = (decision: InterestDecision) =>
  requestMoves.find((move) => 'decision' in move && move.decision === decision)!;

/** What the candidate can do with a request in this status. */
export const candidateDecisionsFor = (status: EmployerRequestStatus): InterestDecision[] =>
  movesFrom(status, 'candidate').flatMap((move) => (move.decision ? [move.decision] : []));

/**
 * While a request is in one of these, the same employer cannot ask for the same candidate again.
 * A declined, withdrawn or closed request is closed like a rejected one: the employer sees them
 * all as 'Not Approved', and may ask again as after a rejection, so nothing tells them apart.
 */
export const openStatuses: ReadonlySet<EmployerRequestStatus> = new Set(openRequestStatuses);

export function newMatchRequest(fields: {
  id: string;
  employerId: string;
  candidateId: string;
  candidateCode: string;
  message: string | undefined;
  position?: PositionSnapshot;
  /** The candidate asked to be asked first: the request waits for them before it reaches the admin. */
  askBeforeSharing: boolean;
  now: Date;
}): MatchRequest {
  return {
    id: fields.id,
    employerId: fields.employerId,
    candidateId: fields.candidateId,
    candidateCode: fields.candidateCode,
    status: fields.askBeforeSharing ? 'awaiting_candidate' : 'pending',
    message: fields.message ?? null,
    adminNotes: null,
    contactNote: null,
    ...(fields.position ? { position: fields.position } : {}),
    notesByEvent: [],
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
      if (request.status === 'awaiting_candidate') throw new DomainError('request.awaiting-candidate');
      if (!adminMovesFrom(request.status).includes(command.status)) {
        throw new DomainError('request.illegal-transition', { from: request.status, to: command.status });
      }
      if (command.status === 'approved' && command.blockedByCandidate)
        throw new DomainError('request.blocked-by-candidate');
      // it may still be closed, so that it leaves the queue
      if (command.status === 'approved' && (request.candidateErased || request.employerErased))
        throw new DomainError('request.party-erased');
      return {
        ...request,
        status: command.status,
        ...(command.adminNotes !== undefined ? { adminNotes: command.adminNotes || null } : {}),
        ...(command.contactNote !== undefined ? { contactNote: command.contactNote || null } : {}),
      };
    }
    case 'unmatch': {
      if (request.employerId !== command.employerId) throw new DomainError('request.not-found');
      const move = movesFrom(request.status, 'employer')[0];
      if (!move) throw new DomainError('request.not-matched');
      return { ...request, status: move.to };
    }
    case 'candidate': {
      // another candidate's request is answered as if it did not exist
      if (request.candidateId !== command.candidateId) throw new DomainError('request.not-found');
      const move = candidateMoveFor(command.decision);
      if (request.status !== move.from)
        throw new DomainError('request.candidate-move', {
          decision: command.decision,
          status: request.status,
        });
      return { ...request, status: move.to };
    }
    default:
      return unreachable(command);
  }
}

function unreachable(command: never): never {
  throw new Error(`unknown command ${JSON.stringify(command)}`);
}
