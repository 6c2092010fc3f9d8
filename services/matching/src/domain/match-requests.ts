import { randomUUID } from 'node:crypto';
import type { EmployerRequestStatus } from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  type Identity,
  idForCommand,
  systemClock,
} from '@meritmatch/service-kit';
import { matchRequestCreated, matchRequestStatusChanged } from '../messaging/match-request-events';
import type { CandidateIndex } from './candidate-index';
import { type MatchRequest, type MatchRequestCommand, newMatchRequest, transition } from './match-request';

/** Reads of match requests that are not one aggregate. */
export type MatchRequestQueries = {
  listByEmployer: (employerId: string) => Promise<MatchRequest[]>;
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
  clock?: Clock;
};

const notFound = () => new DomainError('request.not-found');

/** The match request use cases: each reads like its table of contents. */
export function createMatchRequests({ store, queries, candidates, clock = systemClock }: MatchRequestsDeps) {
  async function apply(id: string, actor: Identity, command: MatchRequestCommand) {
    let before: MatchRequest | undefined;
    const changed = await store.change(id, (current) => {
      before = current;
      return {
        next: transition(current, command),
        events: (after) => [matchRequestStatusChanged(current, after, actor, clock)],
      };
    });
    if (!changed) throw notFound();
    return { request: changed.state, previous: before, replayed: changed.replayed };
  }

  return {
    async request(employer: Identity, candidateId: string, message: string | undefined) {
      const candidate = candidates.get(candidateId);
      if (!candidate) throw new DomainError('candidate.not-found');
      const created = newMatchRequest({
        id: idForCommand(randomUUID, 'match-request'),
        employerId: employer.userId,
        candidateId,
        candidateCode: candidate.uniqueCode,
        message,
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
      return (await apply(id, employer, { type: 'unmatch', employerId: employer.userId })).request;
    },

    async decide(
      admin: Identity,
      id: string,
      decision: Omit<Extract<MatchRequestCommand, { type: 'decide' }>, 'type'>,
    ) {
      return (await apply(id, admin, { type: 'decide', ...decision })).request;
    },

    listByStatus: (status: EmployerRequestStatus, page: number, limit: number) =>
      queries.listByStatus(status, page, limit),
    countByStatus: () => queries.countByStatus(),
    async find(id: string) {
      const request = await store.load(id);
      if (!request) throw notFound();
      return request;
    },
  };
}

export type MatchRequests = ReturnType<typeof createMatchRequests>;
