import type { contactLogActions } from '@meritmatch/contracts';
import { isDuplicateKeyError } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

export type ContactLogAction = (typeof contactLogActions)[number];

export type ContactLogRecord = {
  /** The event's id for entries written from events (a redelivery cannot add a second one). */
  id: string;
  requestId: string;
  action: ContactLogAction;
  notes: string;
  actorUserId: string | null;
  createdAt: Date;
};

const logSchema = new Schema(
  {
    _id: { type: String, required: true },
    requestId: { type: String, required: true, index: true },
    action: { type: String, required: true },
    notes: { type: String, required: true },
    actorUserId: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// the log's order, so that on MongoDB a page is read from the index, not sorted from every entry
logSchema.index({ createdAt: -1, _id: -1 });

type LogDoc = Omit<ContactLogRecord, 'id'> & { _id: string };

/** Where a page starts: just after the entry with this `createdAt` and id. */
export type ContactLogPosition = { createdAt: Date; id: string };

const fromDoc = ({ _id, ...doc }: LogDoc): ContactLogRecord => ({ id: _id, ...doc });

export function createContactLogRepository(connection: Connection) {
  const Logs = connection.model('ContactLog', logSchema, 'contact_log');
  return {
    /** Answers false when the entry already exists (same id). */
    async add({ id, ...entry }: ContactLogRecord): Promise<boolean> {
      try {
        await Logs.create({ _id: id, ...entry });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    /**
     * Up to `limit` entries, newest first and then by id (descending), those after `after` in
     * that order when given. One more is read to tell whether another page follows.
     */
    async page({ limit, after }: { limit: number; after?: ContactLogPosition }) {
      const filter = after
        ? {
            createdAt: { $lte: after.createdAt },
            $or: [{ createdAt: { $lt: after.createdAt } }, { _id: { $lt: after.id } }],
          }
        : {};
      const docs = await Logs.find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit + 1)
        .lean<LogDoc[]>();
      return { entries: docs.slice(0, limit).map(fromDoc), hasNext: docs.length > limit };
    },
    /** Every entry about these requests, oldest first ("Download my data"). */
    async forRequests(requestIds: readonly string[]): Promise<ContactLogRecord[]> {
      if (requestIds.length === 0) return [];
      const docs = await Logs.find({ requestId: { $in: [...requestIds] } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<LogDoc[]>();
      return docs.map(fromDoc);
    },
    async find(id: string): Promise<ContactLogRecord | null> {
      const doc = await Logs.findById(id).lean<LogDoc>();
      return doc ? fromDoc(doc) : null;
    },
  };
}

export type ContactLogRepository = ReturnType<typeof createContactLogRepository>;
