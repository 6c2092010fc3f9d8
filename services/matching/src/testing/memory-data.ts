import type { Clock } from '@meritmatch/service-kit';
import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { matchRequestStorage, newestFirst, uniqueRequestFields } from '../data/match-requests';
import type { MatchRequest } from '../domain/match-request';
import type { MatchRequestQueries } from '../use-cases/match-requests';

type Owner = { employerId: string } | { candidateId: string };

/**
 * The match requests in memory: the store (a second open request for one candidate refused by
 * the same unique key) and the reads across requests, in the orders the database answers them.
 */
export function memoryMatchRequests({ clock }: { clock?: Clock } = {}) {
  const store = createMemoryAggregateStore<MatchRequest>({
    ...matchRequestStorage,
    unique: uniqueRequestFields,
    clock,
  });
  const ofOwner = (filter: Owner) =>
    store
      .all()
      .filter((request) =>
        'employerId' in filter
          ? request.employerId === filter.employerId
          : request.candidateId === filter.candidateId,
      );
  const queries: MatchRequestQueries = {
    listByEmployer: async (employerId) => ofOwner({ employerId }).sort(newestFirst),
    listByCandidate: async (candidateId) => ofOwner({ candidateId }).sort(newestFirst),
    async listByStatus(status, page, limit) {
      const all = store
        .all()
        .filter((request) => request.status === status)
        .sort(newestFirst);
      return { items: all.slice((page - 1) * limit, page * limit), total: all.length };
    },
    async countByStatus() {
      const counts: Record<string, number> = {};
      for (const request of store.all()) counts[request.status] = (counts[request.status] ?? 0) + 1;
      return counts;
    },
  };
  return {
    store,
    queries,
    /** The ids of every request of one employer or one candidate (the erasure's list). */
    idsOf: async (filter: Owner) => ofOwner(filter).map((request) => request.id),
  };
}
