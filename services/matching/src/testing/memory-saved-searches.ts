import type { Clock } from '@meritmatch/service-kit';
import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { newestSearchFirst, savedSearchStorage } from '../data/saved-searches';
import type { SavedSearch } from '../domain/saved-search';
import type { SavedSearchQueries } from '../use-cases/saved-searches';

/** Saved searches in memory: the store and the reads across searches, as the database answers them. */
export function memorySavedSearches({ clock }: { clock?: Clock } = {}) {
  const store = createMemoryAggregateStore<SavedSearch>({ ...savedSearchStorage, clock });
  const ofEmployer = (employerId: string) => store.all().filter((search) => search.employerId === employerId);
  const queries: SavedSearchQueries = {
    listByEmployer: async (employerId) => ofEmployer(employerId).sort(newestSearchFirst),
    countByEmployer: async (employerId) => ofEmployer(employerId).length,
    dueIds: async (now, limit) =>
      store
        .all()
        .filter((search) => search.digest && search.nextDigestAt !== null && search.nextDigestAt <= now)
        .slice(0, limit)
        .map((search) => search.id),
    async remove(employerId, id) {
      if ((await store.load(id))?.employerId !== employerId) return false;
      return store.remove(id);
    },
    async removeAll(employerId) {
      const ids = ofEmployer(employerId).map((search) => search.id);
      for (const id of ids) store.remove(id);
      return ids.length;
    },
  };
  return { store, queries };
}
