import type { EmployerRequestStatus } from '@meritmatch/contracts';
import {
  aggregateSchemaFields,
  createMemberLists,
  createSubsetIndex,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import { type MatchRequest, openStatuses } from '../domain/match-request';
import type { MatchRequestQueries } from '../use-cases/match-requests';
import { createPendingQueue, newestFirstBy, type QueueEntry } from './pending-queue';

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
    position: { type: Object, default: undefined },
    notesByEvent: { type: [Object], default: [] },
    candidateErased: { type: Boolean, default: false },
    employerErased: { type: Boolean, default: false },
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
  notesByEvent: doc.notesByEvent ?? [],
  ...(doc.position ? { position: doc.position } : {}),
  ...(doc.candidateErased ? { candidateErased: true } : {}),
  ...(doc.employerErased ? { employerErased: true } : {}),
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a request is stored: for this store and for its in-memory twin in tests. */
export const matchRequestStorage = { toDoc, fromDoc, projection: { openKey: 0 as const } };
/** The fields the schema keeps unique besides `_id`. */
export const uniqueRequestFields = ['openKey'];

const isPending = (request: MatchRequest) => request.status === 'pending';

/** The lists a request is in: its employer's requests and its candidate's. */
const employerList = (employerId: string) => `employer:${employerId}`;
const candidateList = (candidateId: string) => `candidate:${candidateId}`;
const listsOf = (request: { employerId: string; candidateId: string }) => [
  employerList(request.employerId),
  candidateList(request.candidateId),
];
/** The order of every list of requests: newest first, ties by id. */
export const newestFirst = newestFirstBy<MatchRequest>((request) => request.id);

/**
 * The match request store (its events go to `topic`) and the reads across requests.
 *
 * Beside the requests, `pending_match_requests`: one entry `{ _id, createdAt }` for each request
 * still pending, the admins' queue (the service kit's subset index: the request is the truth, the
 * entry a guide put right when read). Every request ever made stays in `match_requests`, and
 * FerretDB on SQLite reads all of them for any filter but `_id`; the queue holds only those an
 * admin has still to decide. Its pages come from the queue held in memory (`pending-queue.ts`),
 * read again at most every `queueMaxAgeMs`.
 *
 * And `match_request_lists`: each employer's requests and each candidate's, as member lists (the
 * service kit's `createMemberLists`), so that an employer's requests page and a job seeker's
 * Interest page read their own requests by `_id` instead of every request ever made.
 * Until the requests stored before the lists are added to them (`backfill`, at start), those
 * pages read as before.
 */
export function createMatchRequestData(
  platform: Platform,
  topic: string,
  { queueMaxAgeMs = 2000 }: { queueMaxAgeMs?: number } = {},
) {
  const Requests = platform.connection.model('MatchRequest', requestSchema, 'match_requests');
  const pending = createSubsetIndex<MatchRequest, { createdAt: Date }>(platform.connection, {
    collection: 'pending_match_requests',
    holds: isPending,
    entryOf: (request) => ({ createdAt: request.createdAt }),
    agrees: (entry, request) => entry.createdAt.getTime() === request.createdAt.getTime(),
    since: (entry) => entry.createdAt,
  });
  const queue = createPendingQueue({
    read: () => pending.entries() as Promise<QueueEntry[]>,
    maxAgeMs: queueMaxAgeMs,
  });
  const lists = createMemberLists(platform.connection, 'match_request_lists');
  const store = queue.following(
    lists.following(
      pending.following(
        platform.aggregateStore<MatchRequest>({ model: Requests, topic, ...matchRequestStorage }),
      ),
      listsOf,
    ),
  );

  /** The requests of one employer or candidate, newest first: from its list once the lists are complete. */
  const listed = async (list: string, filter: { employerId: string } | { candidateId: string }) => {
    const [field, owner] = Object.entries(filter)[0] as ['employerId' | 'candidateId', string];
    const requests = (await lists.complete())
      ? await lists.read(list, store.load, (request) => request[field] === owner)
      : (await Requests.find(filter, projection).lean<RequestDoc[]>()).map(fromDoc);
    return requests.sort(newestFirst);
  };

  const queries: MatchRequestQueries = {
    listByEmployer: (employerId) => listed(employerList(employerId), { employerId }),
    listByCandidate: (candidateId) => listed(candidateList(candidateId), { candidateId }),

    async listByStatus(status: EmployerRequestStatus, page: number, limit: number) {
      if (status === 'pending') {
        // newest first, as below; the page's requests then read by `_id`
        const entries = await queue.entries();
        const shown = entries.slice((page - 1) * limit, page * limit);
        const items = await pending.checked(shown, { load: store.load });
        // an entry whose request is not pending (decided by another instance) leaves the held queue
        const kept = new Set(items.map((item) => item.id));
        for (const entry of shown) if (!kept.has(entry._id)) queue.removed(entry._id);
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
    /** The ids of every request of one employer or one candidate, read from the requests themselves (the erasure's list). */
    async idsOf(filter: { employerId: string } | { candidateId: string }) {
      const docs = await Requests.find(filter, { _id: 1 }).lean<{ _id: string }[]>();
      return docs.map((doc) => doc._id);
    },
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
    /**
     * Adds every request stored before the employers' and candidates' lists existed to them, and
     * marks the lists complete (nothing to do once they are): one read of every request.
     */
    backfillLists: () =>
      lists.backfill(
        (async function* () {
          const all = Requests.find({}, { employerId: 1, candidateId: 1 }).lean<RequestDoc[]>();
          for await (const doc of all.cursor()) yield { ...(doc as RequestDoc), id: (doc as RequestDoc)._id };
        })(),
        listsOf,
      ),
  };
}
