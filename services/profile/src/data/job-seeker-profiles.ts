import { noPreferences } from '@meritmatch/contracts';
import {
  aggregateSchemaFields,
  createKeyIndex,
  DomainError,
  findByIds,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import { defaultSettings, type JobSeekerProfile } from '../domain/job-seeker-profile';

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
    settings: { type: Schema.Types.Mixed, default: null },
    preferences: { type: Schema.Types.Mixed, default: null },
    accountStatus: { type: String, required: true },
    inactive: { type: Boolean, default: false },
    emailConfirmed: { type: Boolean, default: false },
    confirmedAddressesOnly: { type: Boolean, default: false },
    ...aggregateSchemaFields,
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
  // profiles made before consent and the block list existed have no settings: consent off, not paused, nothing blocked
  settings: doc.settings ?? defaultSettings(),
  // profiles made before job preferences existed: none (every position's terms accepted)
  preferences: doc.preferences ?? noPreferences,
  accountStatus: doc.accountStatus,
  inactive: doc.inactive ?? false,
  // profiles made before addresses were confirmed: not confirmed, under the rule's default (off)
  emailConfirmed: doc.emailConfirmed ?? false,
  confirmedAddressesOnly: doc.confirmedAddressesOnly ?? false,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a profile is stored, for the store here and the in-memory one of route tests. */
export const jobSeekerProfileStorage = {
  toDoc,
  fromDoc,
  missing: () => new DomainError('profile.not-found'),
};
/** The fields the schema keeps unique besides `_id`. */
export const uniqueProfileFields = ['candidateId', 'uniqueCode'];

/** The job seeker profile store (its events go to `topic`) and the admin's reads across profiles. */
export function createJobSeekerProfileData(platform: Platform, topic: string) {
  const Profiles = platform.connection.model('JobSeekerProfile', profileSchema, 'job_seeker_profiles');
  const projection = withoutStoreFields;
  const store = platform.aggregateStore<JobSeekerProfile>({
    model: Profiles,
    topic,
    ...jobSeekerProfileStorage,
  });
  // candidate id → user id: a profile found by its candidate id with two `_id` reads
  const candidateKeys = createKeyIndex(platform.connection, 'candidate_keys');
  const byCandidateId = (candidateId: string) =>
    candidateKeys.find(candidateId, {
      byId: (userId) => Profiles.findById(userId, projection).lean<ProfileDoc>(),
      holds: (doc) => doc.candidateId === candidateId,
      scan: () => Profiles.findOne({ candidateId }, projection).lean<ProfileDoc>(),
      idOf: (doc) => doc._id,
    });

  return {
    store: candidateKeys.indexing(store, (profile) => ({ key: profile.candidateId, id: profile.userId })),
    model: Profiles,

    /** By candidate id: two `_id` reads through `candidate_keys` (FerretDB scans for any other filter). */
    async findByCandidateId(candidateId: string): Promise<JobSeekerProfile | null> {
      const doc = await byCandidateId(candidateId);
      return doc ? fromDoc(doc) : null;
    },

    /** Forgets an erased candidate's entry in `candidate_keys` (its profile is gone already). */
    async forgetCandidateKey(candidateId: string) {
      await platform.connection.collection<{ _id: string }>('candidate_keys').deleteOne({ _id: candidateId });
    },

    async findManyByUserIds(userIds: string[]): Promise<JobSeekerProfile[]> {
      const docs = await findByIds(userIds, (id) => Profiles.findById(id, projection).lean<ProfileDoc>());
      return docs.map(fromDoc);
    },

    async findManyByCandidateIds(candidateIds: string[]): Promise<JobSeekerProfile[]> {
      return (await findByIds(candidateIds, byCandidateId)).map(fromDoc);
    },

    /**
     * The user ids of the job seekers whose address is not confirmed and whose profile was last
     * written under the other setting of the admin's rule: those whose searchability `rule`
     * changes. One pass over the collection (FerretDB scans for any filter but `_id`), so it is
     * run only when the rule changes and once at start, in the background.
     */
    async unconfirmedOffRule(rule: boolean): Promise<string[]> {
      const docs = await Profiles.find(
        {
          emailConfirmed: { $ne: true },
          // a profile without the field was written under the rule's default, off
          confirmedAddressesOnly: rule ? { $ne: true } : true,
        },
        { _id: 1 },
      ).lean<Array<{ _id: string }>>();
      return docs.map((doc) => doc._id);
    },
  };
}

export type JobSeekerProfileData = ReturnType<typeof createJobSeekerProfileData>;

/** What the routes read across profiles (a route test reads them from memory). */
export type JobSeekerProfileReads = Pick<
  JobSeekerProfileData,
  'findByCandidateId' | 'findManyByUserIds' | 'findManyByCandidateIds'
>;
