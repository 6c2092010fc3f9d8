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
import type { JobSeekerProfile } from '../domain/job-seeker-profile';

const profileSchema = new Schema(
  {
    // keyed by user id: the job seeker's own calls are one `_id` lookup on FerretDB
    _id: { type: String, required: true },
    candidateId: { type: String, required: true, unique: true },
    uniqueCode: { type: String, required: true, unique: true },
    fullName: { type: String, required: true },
    phone: { type: String, default: null },
    location: { type: String, required: true },
    dateOfBirth: { type: String, required: true },
    gender: { type: String, default: null },
    experiences: { type: [Schema.Types.Mixed], default: [] },
    education: { type: [Schema.Types.Mixed], default: [] },
    skills: { type: [Schema.Types.Mixed], default: [] },
    certifications: { type: [Schema.Types.Mixed], default: [] },
    accountStatus: { type: String, required: true },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type ProfileDoc = Omit<JobSeekerProfile, 'userId'> & { _id: string };

const toDoc = ({ userId, ...profile }: JobSeekerProfile): ProfileDoc => ({ _id: userId, ...profile });
const fromDoc = ({ _id, ...doc }: ProfileDoc): JobSeekerProfile => ({
  userId: _id,
  candidateId: doc.candidateId,
  uniqueCode: doc.uniqueCode,
  fullName: doc.fullName,
  phone: doc.phone ?? null,
  location: doc.location,
  dateOfBirth: doc.dateOfBirth,
  gender: doc.gender ?? null,
  experiences: doc.experiences ?? [],
  education: doc.education ?? [],
  skills: doc.skills ?? [],
  certifications: doc.certifications ?? [],
  accountStatus: doc.accountStatus,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

export class DuplicateProfileKeyError extends Error {}

export function createJobSeekerProfileRepository(connection: Connection) {
  const Profiles = connection.model('JobSeekerProfile', profileSchema, 'job_seeker_profiles');
  const projection = withoutOutbox;
  return {
    model: Profiles,

    async find(userId: string): Promise<JobSeekerProfile | null> {
      const doc = await Profiles.findById(userId, projection).lean<ProfileDoc>();
      return doc ? fromDoc(doc) : null;
    },

    /** Admin reads only: a scan on FerretDB, an index lookup on MongoDB. */
    async findByCandidateId(candidateId: string): Promise<JobSeekerProfile | null> {
      const doc = await Profiles.findOne({ candidateId }, projection).lean<ProfileDoc>();
      return doc ? fromDoc(doc) : null;
    },

    async findManyByUserIds(userIds: string[]): Promise<JobSeekerProfile[]> {
      const docs = await Profiles.find({ _id: { $in: userIds } }, projection).lean<ProfileDoc[]>();
      return docs.map(fromDoc);
    },

    async findManyByCandidateIds(candidateIds: string[]): Promise<JobSeekerProfile[]> {
      const docs = await Profiles.find({ candidateId: { $in: candidateIds } }, projection).lean<
        ProfileDoc[]
      >();
      return docs.map(fromDoc);
    },

    /** Inserts a new profile with its events; a taken user id, candidate id or code is a DuplicateProfileKeyError. */
    async insert(profile: JobSeekerProfile, events: PendingEvent[]) {
      try {
        await Profiles.create({ ...toDoc(profile), ...withInitialEvents(events) });
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new DuplicateProfileKeyError();
        throw error;
      }
    },

    /** Read, change and write back with the events (see modifyVersioned). */
    modify: (userId: string, change: VersionedChange<JobSeekerProfile>) =>
      modifyVersioned(Profiles, userId, {
        read: fromDoc,
        fields: (profile) => {
          const { _id, ...fields } = toDoc(profile);
          return fields;
        },
        change,
        conflictMessage: 'Your profile changed meanwhile; please try again',
      }),
  };
}

export type JobSeekerProfileRepository = ReturnType<typeof createJobSeekerProfileRepository>;
