import type { Clock } from '@meritmatch/service-kit';
import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { matchRequestStorage, newestFirst, uniqueRequestFields } from '../data/match-requests';
import type { MatchRequest } from '../domain/match-request';
import { type SearchLogEntry, weekCountsOf, withoutCandidate } from '../domain/search-log';
import type { MatchRequestQueries } from '../use-cases/match-requests';
import type { SearchLogStore } from '../use-cases/search-log';

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

/** Newest first, then by id: the order the database pages the search log in. */
const logOrder = (a: SearchLogEntry, b: SearchLogEntry) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** What a test holds is never the log's own entry. */
const copyOf = (entry: SearchLogEntry): SearchLogEntry => structuredClone(entry);

/** The search log in memory, answering as the database does (`testing/search-log-contract.ts`). */
export function memorySearchLog() {
  let entries: SearchLogEntry[] = [];
  const shows = (entry: SearchLogEntry, candidateId: string) =>
    entry.results.some((result) => result.candidateId === candidateId);
  const store: SearchLogStore = {
    async record(entry) {
      if (entries.some((known) => known.id === entry.id)) throw new Error(`duplicate entry ${entry.id}`);
      entries.push(copyOf(entry));
    },
    async page({ employerId, uniqueCode, from, before }, page, limit) {
      const selected = entries
        .filter(
          (entry) =>
            (!employerId || entry.employerId === employerId) &&
            (!uniqueCode || entry.results.some((result) => result.uniqueCode === uniqueCode)) &&
            (!from || entry.at >= from) &&
            (!before || entry.at < before),
        )
        .sort(logOrder);
      return { items: selected.slice((page - 1) * limit, page * limit).map(copyOf), total: selected.length };
    },
    async weeksOf(candidateId, weekStarts) {
      const counts = new Map(
        weekStarts.map((weekStart) => [weekStart, { weekStart, searches: 0, opened: 0 }]),
      );
      for (const entry of entries) {
        if (!shows(entry, candidateId)) continue;
        const { weekStart, field } = weekCountsOf(entry);
        const count = counts.get(weekStart);
        if (count) count[field] += 1;
      }
      return [...counts.values()].filter((count) => count.searches + count.opened > 0);
    },
    async eraseCandidate(candidateId) {
      const changed = entries.filter((entry) => shows(entry, candidateId)).length;
      entries = entries.flatMap((entry) => {
        if (!shows(entry, candidateId)) return [entry];
        const kept = withoutCandidate(entry, candidateId);
        return kept ? [kept] : [];
      });
      return changed;
    },
    async sweep(before) {
      const kept = entries.filter((entry) => entry.at >= before);
      const gone = entries.length - kept.length;
      entries = kept;
      return gone;
    },
  };
  return {
    store,
    /** Every entry, oldest written first, for a test to read what was logged. */
    all: () => entries.map(copyOf),
  };
}
