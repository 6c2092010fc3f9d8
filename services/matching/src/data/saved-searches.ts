import { aggregateSchemaFields, type Platform, withoutStoreFields } from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { SavedSearch } from '../domain/saved-search';
import type { SavedSearchQueries } from '../use-cases/saved-searches';

const savedSearchSchema = new Schema(
  {
    _id: { type: String, required: true },
    employerId: { type: String, required: true, index: true },
    name: { type: String, required: true },
    filters: { type: Object, required: true },
    digest: { type: Boolean, required: true },
    sent: { type: [String], default: [] },
    lastDigestAt: { type: Date, default: null },
    nextDigestAt: { type: Date, default: null, index: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type SavedSearchDoc = Omit<SavedSearch, 'id'> & { _id: string };

const toDoc = ({ id, ...fields }: SavedSearch) => ({ _id: id, ...fields });
const fromDoc = (doc: SavedSearchDoc): SavedSearch => ({
  id: doc._id,
  employerId: doc.employerId,
  name: doc.name,
  filters: doc.filters,
  digest: doc.digest,
  sent: [...(doc.sent ?? [])],
  lastDigestAt: doc.lastDigestAt ?? null,
  nextDigestAt: doc.nextDigestAt ?? null,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a saved search is stored: for this store and for its in-memory twin in tests. */
export const savedSearchStorage = { toDoc, fromDoc };

/** Newest first, ties by id. */
export const newestSearchFirst = (a: SavedSearch, b: SavedSearch) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Saved searches in `saved_searches`: the store (its digests go to `topic` through the outbox)
 * and the reads and removals across searches. An employer has at most 20, so its list reads
 * them by `employerId`; the due digests are found by `nextDigestAt`.
 */
export function createSavedSearchData(platform: Platform, topic: string) {
  const Searches = platform.connection.model('SavedSearch', savedSearchSchema, 'saved_searches');
  const store = platform.aggregateStore<SavedSearch>({ model: Searches, topic, ...savedSearchStorage });
  const queries: SavedSearchQueries = {
    async listByEmployer(employerId) {
      const docs = await Searches.find({ employerId }, withoutStoreFields).lean<SavedSearchDoc[]>();
      return docs.map(fromDoc).sort(newestSearchFirst);
    },
    countByEmployer: (employerId) => Searches.countDocuments({ employerId }),
    async dueIds(now, limit) {
      const docs = await Searches.find({ digest: true, nextDigestAt: { $lte: now } }, { _id: 1 })
        .limit(limit)
        .lean<{ _id: string }[]>();
      return docs.map((doc) => doc._id);
    },
    async remove(employerId, id) {
      return (await Searches.deleteOne({ _id: id, employerId })).deletedCount === 1;
    },
    async removeAll(employerId) {
      return (await Searches.deleteMany({ employerId })).deletedCount;
    },
  };
  return { store, queries, model: Searches };
}
