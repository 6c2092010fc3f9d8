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
    createdAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

type LogDoc = Omit<ContactLogRecord, 'id'> & { _id: string };

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
    async list(limit = 1000): Promise<ContactLogRecord[]> {
      const docs = await Logs.find().sort({ createdAt: -1, _id: 1 }).limit(limit).lean<LogDoc[]>();
      return docs.map(({ _id, ...doc }) => ({ id: _id, ...doc }));
    },
    async find(id: string): Promise<ContactLogRecord | null> {
      const doc = await Logs.findById(id).lean<LogDoc>();
      return doc ? (({ _id, ...rest }) => ({ id: _id, ...rest }))(doc) : null;
    },
  };
}

export type ContactLogRepository = ReturnType<typeof createContactLogRepository>;
