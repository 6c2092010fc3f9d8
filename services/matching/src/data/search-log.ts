import type { SearchLogFilters, SearchLogKind } from '@meritmatch/contracts';
import { type Connection, Schema } from 'mongoose';
import {
  type LoggedCandidate,
  type SearchLogEntry,
  type SearchLogSelection,
  type WeekOfAppearances,
  weekCountsOf,
  weekOf,
  withoutCandidate,
} from '../domain/search-log';
import type { SearchLogStore } from '../use-cases/search-log';

/**
 * An entry as stored: the candidates shown as three arrays in step (ids, codes, scores) rather than
 * an array of objects. FerretDB v1 decodes every document of the collection for any read but by
 * `_id`, and decodes these about three times faster (docs/decisions/0025-search-log.md).
 */
/** How long the sweep of old entries may take on the server. */
const sweepLimitMs = 30000;

const entrySchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    employerId: { type: String, required: true },
    at: { type: Date, required: true },
    filters: { type: Object, default: null },
    rankingVersion: { type: String, default: null },
    candidateIds: { type: [String], default: [] },
    codes: { type: [String], default: [] },
    scores: { type: [Schema.Types.Mixed], default: [] },
  },
  { versionKey: false, minimize: false },
);
// for real MongoDB: the admins' pages and filters, the job seeker's weeks, the sweep (FerretDB v1
// reads the whole collection for any of them, see docs/ferretdb.md)
entrySchema.index({ at: -1, _id: 1 });
entrySchema.index({ employerId: 1, at: -1 });
entrySchema.index({ codes: 1, at: -1 });
entrySchema.index({ candidateIds: 1, at: -1 });

/**
 * Each candidate's counts per ISO week, `_id` `<candidate id>:<week>`: a job seeker's weeks are 26
 * reads by `_id`, which FerretDB answers without reading the log (docs/decisions/0025-search-log.md).
 */
const weekCountSchema = new Schema(
  {
    _id: { type: String, required: true },
    candidateId: { type: String, required: true, index: true },
    weekStart: { type: String, required: true, index: true },
    searches: { type: Number, default: 0 },
    opened: { type: Number, default: 0 },
  },
  { versionKey: false },
);
type WeekCountDoc = WeekOfAppearances & { _id: string; candidateId: string };
const weekKey = (candidateId: string, weekStart: string) => `${candidateId}:${weekStart}`;

type EntryDoc = {
  _id: string;
  kind: SearchLogKind;
  employerId: string;
  at: Date;
  filters: SearchLogFilters | null;
  rankingVersion: string | null;
  candidateIds: string[];
  codes: string[];
  /** A search that ranked nothing stores no scores. */
  scores: Array<number | null>;
};

const shownOf = (results: readonly LoggedCandidate[]) => ({
  candidateIds: results.map((result) => result.candidateId),
  codes: results.map((result) => result.uniqueCode),
  scores: results.map((result) => result.score),
});
const toDoc = ({ id, results, ...entry }: SearchLogEntry): EntryDoc => ({
  _id: id,
  ...entry,
  ...shownOf(results),
});
const fromDoc = (doc: EntryDoc): SearchLogEntry => ({
  id: doc._id,
  kind: doc.kind,
  employerId: doc.employerId,
  at: doc.at,
  filters: doc.filters ?? null,
  rankingVersion: doc.rankingVersion ?? null,
  results: (doc.candidateIds ?? []).map((candidateId, index) => ({
    candidateId,
    uniqueCode: doc.codes[index] ?? '',
    score: doc.scores[index] ?? null,
  })),
});

/** The database's filter for an admin's selection. */
const filterOf = ({ employerId, uniqueCode, from, before }: SearchLogSelection) => ({
  ...(employerId ? { employerId } : {}),
  ...(uniqueCode ? { codes: uniqueCode } : {}),
  ...(from || before ? { at: { ...(from ? { $gte: from } : {}), ...(before ? { $lt: before } : {}) } } : {}),
});

/**
 * The search log in `search_log`: one document per entry, inserted and never changed, except by
 * an erasure (a candidate's results removed, their opened details deleted) and the sweep of
 * entries past the retention. FerretDB v1 has no TTL index (`expireAfterSeconds` is refused), so
 * the service sweeps (`sweep`, run by `index.ts`).
 */
export function createSearchLogData(connection: Connection) {
  const Entries = connection.model('SearchLogEntry', entrySchema, 'search_log');
  const WeekCounts = connection.model('SearchAppearanceWeek', weekCountSchema, 'search_log_weeks');

  const store: SearchLogStore = {
    async record(entry) {
      await Entries.create(toDoc(entry));
      // then each candidate's count for the week, in one command: a failure here fails the answer too
      const { weekStart, field, candidateIds } = weekCountsOf(entry);
      if (candidateIds.length === 0) return;
      await WeekCounts.bulkWrite(
        candidateIds.map((candidateId) => ({
          updateOne: {
            filter: { _id: weekKey(candidateId, weekStart) },
            update: { $inc: { [field]: 1 }, $setOnInsert: { candidateId, weekStart } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },

    async page(selection, page, limit) {
      const filter = filterOf(selection);
      const [docs, total] = await Promise.all([
        Entries.find(filter)
          .sort({ at: -1, _id: 1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .lean<EntryDoc[]>(),
        Entries.countDocuments(filter),
      ]);
      return { items: docs.map(fromDoc), total };
    },

    async weeksOf(candidateId, weekStarts) {
      // by `_id`, each: FerretDB reads the one document, not the collection
      const docs = await Promise.all(
        weekStarts.map((weekStart) =>
          WeekCounts.findById(weekKey(candidateId, weekStart)).lean<WeekCountDoc>(),
        ),
      );
      return docs
        .filter((doc): doc is WeekCountDoc => doc !== null)
        .map(({ weekStart, searches, opened }) => ({
          weekStart,
          searches: searches ?? 0,
          opened: opened ?? 0,
        }));
    },

    async eraseCandidate(candidateId) {
      // the three arrays stay in step: each entry is rewritten whole, by `_id`
      const docs = await Entries.find({ candidateIds: candidateId }).lean<EntryDoc[]>();
      for (const doc of docs) {
        const kept = withoutCandidate(fromDoc(doc), candidateId);
        if (kept === null) await Entries.deleteOne({ _id: doc._id });
        else await Entries.updateOne({ _id: doc._id }, { $set: shownOf(kept.results) });
      }
      await WeekCounts.deleteMany({ candidateId });
      return docs.length;
    },

    async sweep(before) {
      // FerretDB reads the whole log for it: longer than a request's limit, or a large log is never swept
      const { deletedCount } = await Entries.deleteMany({ at: { $lt: before } }).maxTimeMS(sweepLimitMs);
      await WeekCounts.deleteMany({ weekStart: { $lt: weekOf(before) } }).maxTimeMS(sweepLimitMs);
      return deletedCount;
    },
  };
  return { store, model: Entries, weekCounts: WeekCounts };
}
