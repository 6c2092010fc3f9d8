import type { EmployerRequestStatus } from '@meritmatch/contracts';
import {
  aggregateSchemaFields,
  createSubsetIndex,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import { type MatchRequest, openStatuses } from '../domain/match-request';
import type { MatchRequestQueries } from '../domain/match-requests';

/**
 * While a request is open, `openKey` is `employer:candidate`; a unique index on it makes a
 * second open request for the same candidate by the same employer impossible, even when
 * two arrive at once. A closed request gets a key of its own.
 */
const openKeyOf = (request: MatchRequest) =>
  openStatuses.has(request.status) ? `${request.employerId}:${request.candidateId}` : `closed:${request.id}`;

const requestSchema = new Schema(
  {
    _id: { type: String, required: true },
    employerId: { type: String, required: true, index: true },
    candidateId: { type: String, required: true, index: true },
    candidateCode: { type: String, required: true },
    status: { type: String, required: true, index: true },
    message: { type: String, default: null },
    adminNotes: { type: String, default: null },
    contactNote: { type: String, default: null },
    openKey: { type: String, required: true, unique: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type RequestDoc = Omit<MatchRequest, 'id'> & { _id: string; openKey: string };
const projection = { ...withoutStoreFields, openKey: 0 } as const;

const toDoc = (request: MatchRequest) => {
  const { id, ...fields } = request;
  return { _id: id, ...fields, openKey: openKeyOf(request) };
};
const fromDoc = (doc: RequestDoc): MatchRequest => ({
  id: doc._id,
  employerId: doc.employerId,
  candidateId: doc.candidateId,
  candidateCode: doc.candidateCode,
  status: doc.status,
  message: doc.message ?? null,
  adminNotes: doc.adminNotes ?? null,
  contactNote: doc.contactNote ?? null,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

const isPending = (request: MatchRequest) => request.status === 'pending';

/**
 * The match request store (its events go to `topic`) and the reads across requests.
 *
 * Beside the requests, `pending_match_requests`: one entry `{ _id, createdAt }` for each request
 * still pending, the admins' queue (the service kit's subset index: the request is the truth, the
 * entry a guide put right when read). Every request ever made stays in `match_requests`, and
 * FerretDB on SQLite reads all of them for any filter but `_id`; the queue holds only those an
 * admin has still to decide.
 */
export function createMatchRequestData(platform: Platform, topic: string) {
  const Requests = platform.connection.model('MatchRequest', requestSchema, 'match_requests');
  const pending = createSubsetIndex<MatchRequest, { createdAt: Date }>(platform.connection, {
    collection: 'pending_match_requests',
    holds: isPending,
    entryOf: (request) => ({ createdAt: request.createdAt }),
    agrees: (entry, request) => entry.createdAt.getTime() === request.createdAt.getTime(),
    since: (entry) => entry.createdAt,
  });
  const store = pending.following(
    platform.aggregateStore<MatchRequest>({
      model: Requests,
      topic,
      toDoc,
      fromDoc,
      projection: { openKey: 0 },
    }),
  );

  const newestFirst = async (filter: { employerId: string } | { candidateId: string }) => {
    const docs = await Requests.find(filter, projection).sort({ createdAt: -1 }).lean<RequestDoc[]>();
    return docs.map(fromDoc);
  };

  const queries: MatchRequestQueries = {
    listByEmployer: (employerId) => newestFirst({ employerId }),
    listByCandidate: (candidateId) => newestFirst({ candidateId }),

    async listByStatus(status: EmployerRequestStatus, page: number, limit: number) {
      if (status === 'pending') {
        // newest first, as below; the page's requests then read by `_id`
        const entries = await pending.entries({}, { createdAt: -1, _id: 1 });
        const shown = entries.slice((page - 1) * limit, page * limit);
        const items = await pending.checked(shown, { load: store.load });
        // an entry found out of date (its request decided meanwhile) is gone from the count too
        return { items, total: entries.length - (shown.length - items.length) };
      }
      const [docs, total] = await Promise.all([
        Requests.find({ status }, projection)
          .sort({ createdAt: -1, _id: 1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .lean<RequestDoc[]>(),
        Requests.countDocuments({ status }),
      ]);
      return { items: docs.map(fromDoc), total };
    },

    async countByStatus() {
      const rows = await Requests.aggregate<{ _id: string; count: number }>([
        { $group: { _id: '$status', count: { $sum: 1 } } },
      ]);
      return Object.fromEntries(rows.map((row) => [row._id, row.count]));
    },
  };
  return {
    store,
    queries,
    model: Requests,
    pending: pending.model,
    /** Adds the queue entry of every pending request that has none (requests stored before the queue): one read of them all. */
    reconcile: () =>
      pending.reconcile(
        (async function* () {
          const open = Requests.find({ status: 'pending' }, projection).lean<RequestDoc[]>();
          for await (const doc of open.cursor()) yield fromDoc(doc as RequestDoc);
        })(),
      ),
  };
}
