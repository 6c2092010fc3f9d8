import type { AccessReason, PersonalDetail } from '@meritmatch/contracts';
import { assertTimeLeft, isDuplicateKeyError } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { AccessEntry, AccessLogRepository, DetailsOwner } from '../domain/access-log';

const entrySchema = new Schema(
  {
    _id: { type: String, required: true },
    readId: { type: String, required: true },
    jobSeekerUserId: { type: String, required: true },
    adminUserId: { type: String, required: true },
    details: { type: [String], required: true },
    purpose: { type: String, required: true },
    requestId: { type: String, default: null },
    employerId: { type: String, default: null },
    owner: { type: String, required: true },
    readAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// a job seeker's own log, and everyone's, newest first (both scans on FerretDB; see the README)
entrySchema.index({ jobSeekerUserId: 1, readAt: -1, _id: 1 });
entrySchema.index({ readAt: -1, _id: 1 });

type EntryDoc = {
  _id: string;
  readId: string;
  jobSeekerUserId: string;
  adminUserId: string;
  details: PersonalDetail[];
  purpose: AccessReason['purpose'];
  requestId: string | null;
  employerId: string | null;
  owner: DetailsOwner;
  readAt: Date;
};

const toDoc = ({ id, reason, ...entry }: AccessEntry): EntryDoc => ({
  _id: id,
  ...entry,
  purpose: reason.purpose,
  requestId: reason.purpose === 'match-request' ? reason.requestId : null,
  employerId: reason.purpose === 'match-request' ? reason.employerId : null,
});

const fromDoc = (doc: EntryDoc): AccessEntry => ({
  id: doc._id,
  readId: doc.readId,
  jobSeekerUserId: doc.jobSeekerUserId,
  adminUserId: doc.adminUserId,
  details: doc.details,
  reason:
    doc.purpose === 'match-request' && doc.requestId && doc.employerId
      ? { purpose: 'match-request', requestId: doc.requestId, employerId: doc.employerId }
      : { purpose: 'user-management' },
  owner: doc.owner,
  readAt: doc.readAt,
});

/** Every write error of an unordered insert was a duplicate id: those entries were stored before. */
function onlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: unknown[] } | null)?.writeErrors;
  if (!Array.isArray(writeErrors) || writeErrors.length === 0) return isDuplicateKeyError(error);
  return writeErrors.every((writeError) => isDuplicateKeyError(writeError));
}

/**
 * `access_log`: one document per job seeker and read, only ever inserted (FerretDB isolates
 * inserts of distinct ids; no document is ever updated, so no write can be lost).
 */
export function createAccessLogRepository(connection: Connection): AccessLogRepository {
  const Entries = connection.model('AccessLogEntry', entrySchema, 'access_log');
  return {
    async append(entries) {
      if (entries.length === 0) return;
      // the caller is still waiting: past its deadline the read is neither recorded nor served
      assertTimeLeft();
      try {
        await Entries.insertMany(entries.map(toDoc), { ordered: false });
      } catch (error) {
        if (!onlyDuplicates(error)) throw error;
      }
    },
    async page(jobSeekerUserId, skip, limit) {
      const filter = jobSeekerUserId === null ? {} : { jobSeekerUserId };
      const [docs, totalCount] = await Promise.all([
        Entries.find(filter).sort({ readAt: -1, _id: 1 }).skip(skip).limit(limit).lean<EntryDoc[]>(),
        Entries.countDocuments(filter),
      ]);
      return { entries: docs.map(fromDoc), totalCount };
    },
  };
}
