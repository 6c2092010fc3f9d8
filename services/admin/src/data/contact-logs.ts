import { isDuplicateKeyError } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

export type { ContactLogAction, ContactLogRecord } from '../domain/contact-log-entry';

import type { ContactLogAction, ContactLogRecord } from '../domain/contact-log-entry';

/** The request's parties, by id. */
export type RequestParties = { employerId: string; candidateId: string };

/** An erased party: every entry of its requests keeps its ids, action and time, never its notes. */
export type ErasedParty = { employerId: string } | { candidateId: string };

/** What an entry of an erased party's request says in place of its notes (they may name either person). */
export const erasedNotes = "Notes erased with a party's account.";

const logSchema = new Schema(
  {
    _id: { type: String, required: true },
    requestId: { type: String, required: true, index: true },
    action: { type: String, required: true },
    notes: { type: String, required: true },
    actorUserId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    employerId: { type: String, default: null, index: true },
    candidateId: { type: String, default: null, index: true },
  },
  { versionKey: false },
);
// the log's order, so that on MongoDB a page is read from the index, not sorted from every entry
logSchema.index({ createdAt: -1, _id: -1 });

type LogDoc = Omit<ContactLogRecord, 'id'> & { _id: string };

/** The parties erased so far, as `employer:<id>` or `candidate:<id>`: an entry written after its party's erasure gets no notes either. */
const erasedPartySchema = new Schema(
  { _id: { type: String, required: true }, erasedAt: { type: Date, required: true } },
  { versionKey: false },
);
const erasedKey = (party: ErasedParty) =>
  'employerId' in party ? `employer:${party.employerId}` : `candidate:${party.candidateId}`;

/** Where a page starts: just after the entry with this `createdAt` and id. */
export type ContactLogPosition = { createdAt: Date; id: string };

/** Which entries a read covers, every one given narrowing it (all entries when empty); `until` is excluded. */
export type ContactLogSelection = {
  requestId?: string;
  employerId?: string;
  candidateId?: string;
  action?: ContactLogAction;
  since?: Date;
  until?: Date;
};

/** How long the export's one cursor may take in the database, all its batches together. */
export const exportQueryLimitMs = 15 * 60 * 1000;

/** The selection as a query: each field an equality, the period a range of `createdAt`. */
function selectionQuery({ since, until, ...fields }: ContactLogSelection): Record<string, unknown> {
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  if (since || until)
    query.createdAt = { ...(since ? { $gte: since } : {}), ...(until ? { $lt: until } : {}) };
  return query;
}

const fromDoc = ({ _id, ...doc }: LogDoc): ContactLogRecord => ({ id: _id, ...doc });

export function createContactLogRepository(connection: Connection) {
  const Logs = connection.model('ContactLog', logSchema, 'contact_log');
  const Erased = connection.model('ErasedParty', erasedPartySchema, 'contact_log_erased_parties');

  /** Whether either party of the entry's request was erased. */
  const ofErasedParty = async ({
    employerId,
    candidateId,
  }: Pick<ContactLogRecord, 'employerId' | 'candidateId'>) => {
    const keys = [
      ...(employerId ? [erasedKey({ employerId })] : []),
      ...(candidateId ? [erasedKey({ candidateId })] : []),
    ];
    return keys.length > 0 && (await Erased.countDocuments({ _id: { $in: keys } })) > 0;
  };

  return {
    /** Answers false when the entry already exists (same id). */
    async add({ id, ...entry }: ContactLogRecord): Promise<boolean> {
      try {
        const notes = (await ofErasedParty(entry)) ? erasedNotes : entry.notes;
        await Logs.create({ _id: id, ...entry, notes });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    /**
     * Up to `limit` of the selected entries, newest first and then by id (descending), those
     * after `after` in that order when given. One more is read to tell whether another page follows.
     */
    async page({
      limit,
      after,
      selection = {},
    }: {
      limit: number;
      after?: ContactLogPosition;
      selection?: ContactLogSelection;
    }) {
      const position = after
        ? [
            { createdAt: { $lte: after.createdAt } },
            { $or: [{ createdAt: { $lt: after.createdAt } }, { _id: { $lt: after.id } }] },
          ]
        : [];
      const query = selectionQuery(selection);
      const filter = position.length > 0 ? { $and: [query, ...position] } : query;
      const docs = await Logs.find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit + 1)
        .lean<LogDoc[]>();
      return { entries: docs.slice(0, limit).map(fromDoc), hasNext: docs.length > limit };
    },
    /**
     * Every selected entry, newest first, `size` at a time, read by one cursor: the export's
     * stream asks for the next batch when it has written the last, so memory holds one batch.
     */
    async *batches(selection: ContactLogSelection, size: number): AsyncGenerator<ContactLogRecord[]> {
      const cursor = Logs.find(selectionQuery(selection))
        .sort({ createdAt: -1, _id: -1 })
        .maxTimeMS(exportQueryLimitMs)
        .batchSize(size)
        .lean<LogDoc[]>()
        .cursor();
      let batch: ContactLogRecord[] = [];
      try {
        for await (const doc of cursor) {
          batch.push(fromDoc(doc as LogDoc));
          if (batch.length === size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      } finally {
        await cursor.close();
      }
    },
    /** Every entry about these requests, oldest first ("Download my data"). */
    async forRequests(requestIds: readonly string[]): Promise<ContactLogRecord[]> {
      if (requestIds.length === 0) return [];
      const docs = await Logs.find({ requestId: { $in: [...requestIds] } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<LogDoc[]>();
      return docs.map(fromDoc);
    },
    /**
     * Tells the entries of a request written before entries carried their parties who those are
     * (from the request's events, read again from the topic's beginning).
     */
    async assignParties(requestId: string, parties: RequestParties) {
      await Logs.updateMany({ requestId, employerId: null }, { $set: parties });
    },
    /**
     * Erases the notes of every entry of an erased party's requests, and remembers the party so
     * that a later entry gets none. Ids, action, actor and time stay. Asked again, it changes nothing.
     */
    async eraseParty(party: ErasedParty) {
      await Erased.updateOne(
        { _id: erasedKey(party) },
        { $setOnInsert: { erasedAt: new Date() } },
        { upsert: true },
      );
      const filter =
        'employerId' in party ? { employerId: party.employerId } : { candidateId: party.candidateId };
      const { modifiedCount } = await Logs.updateMany(
        { ...filter, notes: { $ne: erasedNotes } },
        { $set: { notes: erasedNotes } },
      );
      return modifiedCount;
    },
    async find(id: string): Promise<ContactLogRecord | null> {
      const doc = await Logs.findById(id).lean<LogDoc>();
      return doc ? fromDoc(doc) : null;
    },
  };
}

export type ContactLogRepository = ReturnType<typeof createContactLogRepository>;
