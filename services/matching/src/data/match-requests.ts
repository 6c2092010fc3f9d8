import type { EmployerRequestStatus } from '@meritmatch/contracts';
import {
  isDuplicateKeyError,
  modifyVersioned,
  outboxSchemaFields,
  type PendingEvent,
  type VersionedChange,
  withInitialEvents,
  withoutOutbox,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

export type MatchRequest = {
  id: string;
  employerId: string;
  candidateId: string;
  candidateCode: string;
  status: EmployerRequestStatus;
  message: string | null;
  adminNotes: string | null;
  contactNote: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const openStatuses = new Set<EmployerRequestStatus>(['pending', 'approved', 'connected']);

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
    candidateId: { type: String, required: true },
    candidateCode: { type: String, required: true },
    status: { type: String, required: true, index: true },
    message: { type: String, default: null },
    adminNotes: { type: String, default: null },
    contactNote: { type: String, default: null },
    openKey: { type: String, required: true, unique: true },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type RequestDoc = Omit<MatchRequest, 'id'> & { _id: string; openKey: string };
const projection = { ...withoutOutbox, openKey: 0 };
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

export class OpenRequestExistsError extends Error {}

export function createMatchRequestRepository(connection: Connection) {
  const Requests = connection.model('MatchRequest', requestSchema, 'match_requests');
  return {
    model: Requests,

    async insert(request: MatchRequest, events: PendingEvent[]) {
      const { id, ...fields } = request;
      try {
        await Requests.create({
          _id: id,
          ...fields,
          openKey: openKeyOf(request),
          ...withInitialEvents(events),
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new OpenRequestExistsError();
        throw error;
      }
    },

    async find(id: string): Promise<MatchRequest | null> {
      const doc = await Requests.findById(id, projection).lean<RequestDoc>();
      return doc ? fromDoc(doc) : null;
    },

    async listByEmployer(employerId: string): Promise<MatchRequest[]> {
      const docs = await Requests.find({ employerId }, projection)
        .sort({ createdAt: -1 })
        .lean<RequestDoc[]>();
      return docs.map(fromDoc);
    },

    async listByStatus(status: EmployerRequestStatus, page: number, limit: number) {
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

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await Requests.aggregate<{ _id: string; count: number }>([
        { $group: { _id: '$status', count: { $sum: 1 } } },
      ]);
      return Object.fromEntries(rows.map((row) => [row._id, row.count]));
    },

    /** Read, change and write back with the events (see modifyVersioned). */
    modify: (id: string, change: VersionedChange<MatchRequest>) =>
      modifyVersioned(Requests, id, {
        read: fromDoc,
        fields: ({ id: _, ...fields }) => ({ ...fields, openKey: openKeyOf({ id: _, ...fields }) }),
        change,
        conflictMessage: 'The request changed meanwhile; please try again',
      }),
  };
}

export type MatchRequestRepository = ReturnType<typeof createMatchRequestRepository>;
