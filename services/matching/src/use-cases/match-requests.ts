import { randomUUID } from 'node:crypto';
import {
  type EmployerRequestStatus,
  type InterestDecision,
  type MatchRequestTexts,
  matchRequestsTopic,
  topicDeclaration,
} from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  type Identity,
  idForCommand,
  systemClock,
} from '@meritmatch/service-kit';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory } from '../domain/employer-directory';
import {
  leftNotes,
  type MatchRequest,
  type MatchRequestCommand,
  newMatchRequest,
  notesOf,
  transition,
  withNotesOf,
} from '../domain/match-request';
import { type Position, requestPositionOf, snapshotOf } from '../domain/position';
import { matchRequestCreated, matchRequestStatusChanged } from '../messaging/match-request-events';

/** Reads of match requests that are not one aggregate. */
export type MatchRequestQueries = {
  listByEmployer: (employerId: string) => Promise<MatchRequest[]>;
  listByCandidate: (candidateId: string) => Promise<MatchRequest[]>;
  listByStatus: (
    status: EmployerRequestStatus,
    page: number,
    limit: number,
  ) => Promise<{ items: MatchRequest[]; total: number }>;
  countByStatus: () => Promise<Record<string, number>>;
};

export type MatchRequestsDeps = {
  store: AggregateStore<MatchRequest>;
  queries: MatchRequestQueries;
  candidates: CandidateIndex;
  directory: EmployerDirectory;
  clock?: Clock;
  /** Whether the index holds its whole topic: an approval needs the candidate's block list. */
  indexReady?: () => boolean;
};

const notFound = () => new DomainError('request.not-found');
/** A decision's notes are kept while its event may still be read from the topic. */
const notesKeptMs = topicDeclaration(matchRequestsTopic).retentionMs;

/** The match request use cases: each reads like its table of contents. */
export function createMatchRequests({
  store,
  queries,
  candidates,
  directory,
  clock = systemClock,
  indexReady = () => true,
}: MatchRequestsDeps) {
  async function apply(
    id: string,
    actor: Identity,
    commandFor: (current: MatchRequest) => MatchRequestCommand,
  ) {
    let before: MatchRequest | undefined;
    const changed = await store.change(id, (current) => {
      before = current;
      const command = commandFor(current);
      // a decision's notes are kept under its event's id, for the event's readers to ask
      const eventId = randomUUID();
      const next = transition(current, command);
      const withNotes = command.type === 'decide' && leftNotes(next);
      return {
        next: withNotes ? withNotesOf(next, eventId, clock(), notesKeptMs) : next,
        events: (after) => [
          matchRequestStatusChanged(current, after, actor, { id: eventId, withNotes, clock }),
        ],
      };
    });
    if (!changed) throw notFound();
    return { request: changed.state, previous: before, replayed: changed.replayed };
  }

  /** The position a request names as its candidate is told it (their e-mail), or null. */
  const positionOf = (request: MatchRequest) =>
    request.position
      ? requestPositionOf(request.position, candidates.skillsOf(request.candidateId), (typed) =>
          candidates.skillTerm(typed),
        )
      : null;

  return {
    /**
     * A candidate who is not searchable, or who blocked this employer, is not found. The position,
     * one of the employer's open ones, is kept as it is now.
     */
    async request(employer: Identity, candidateId: string, message: string | undefined, position?: Position) {
      const candidate = candidates.get(candidateId, directory.viewer(employer.userId));
      if (!candidate) throw new DomainError('candidate.not-found');
      const created = newMatchRequest({
        id: idForCommand(randomUUID, 'match-request'),
        employerId: employer.userId,
        candidateId,
        candidateCode: candidate.uniqueCode,
        message,
        ...(position ? { position: snapshotOf(position) } : {}),
        askBeforeSharing: candidate.askBeforeSharing,
        now: clock(),
      });
      const { state } = await store.create(
        created,
        [matchRequestCreated(created, clock)],
        () => new DomainError('request.duplicate'),
      );
      return state;
    },

    listForEmployer: (employerId: string) => queries.listByEmployer(employerId),

    /** Only the employer's own approved request; another employer's id is not found. */
    async unmatch(employer: Identity, id: string) {
      const current = await store.load(id);
      if (!current || current.employerId !== employer.userId) throw notFound();
      return (await apply(id, employer, () => ({ type: 'unmatch', employerId: employer.userId }))).request;
    },

    /** The admin's decision; an approval is refused while the candidate has blocked the company. */
    async decide(
      admin: Identity,
      id: string,
      decision: Omit<Extract<MatchRequestCommand, { type: 'decide' }>, 'type' | 'blockedByCandidate'>,
    ) {
      if (decision.status === 'approved' && !indexReady()) throw new DomainError('index.not-ready');
      return (
        await apply(id, admin, (current) => ({
          type: 'decide',
          ...decision,
          blockedByCandidate: candidates.blocks(current.candidateId, directory.viewer(current.employerId)),
        }))
      ).request;
    },

    /** The job seeker's own requests (none before their profile reached this service). */
    async listForCandidate(jobSeekerId: string) {
      const candidateId = candidates.candidateOfOwner(jobSeekerId);
      return candidateId ? queries.listByCandidate(candidateId) : [];
    },

    /** Accept, decline or withdraw consent; another candidate's request is not found. */
    async decideAsCandidate(jobSeeker: Identity, id: string, decision: InterestDecision) {
      const candidateId = candidates.candidateOfOwner(jobSeeker.userId);
      if (!candidateId) throw notFound();
      return (await apply(id, jobSeeker, () => ({ type: 'candidate', decision, candidateId }))).request;
    },

    listByStatus: (status: EmployerRequestStatus, page: number, limit: number) =>
      queries.listByStatus(status, page, limit),
    countByStatus: () => queries.countByStatus(),
    async find(id: string) {
      const request = await store.load(id);
      if (!request) throw notFound();
      return request;
    },
    /** The free text of one of the request's events, for the services that read the events. */
    async textsOf(id: string, eventId: string): Promise<MatchRequestTexts> {
      const request = await store.load(id);
      if (!request) throw notFound();
      return { message: request.message, ...notesOf(request, eventId), position: positionOf(request) };
    },
  };
}

export type MatchRequests = ReturnType<typeof createMatchRequests>;
