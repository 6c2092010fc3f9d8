import type { CompanyProfileFields } from '@meritmatch/contracts';
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

export type EmployerProfile = {
  userId: string;
  companyName: string;
  industry: CompanyProfileFields['industry'];
  companySize: CompanyProfileFields['companySize'];
  website: string | null;
  description: string;
  verified: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const employerSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyName: { type: String, required: true },
    industry: { type: String, required: true },
    companySize: { type: String, required: true },
    website: { type: String, default: null },
    description: { type: String, required: true },
    verified: { type: Boolean, required: true },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type EmployerDoc = Omit<EmployerProfile, 'userId'> & { _id: string };
const fromDoc = ({ _id, ...doc }: EmployerDoc): EmployerProfile => ({
  userId: _id,
  companyName: doc.companyName,
  industry: doc.industry,
  companySize: doc.companySize,
  website: doc.website ?? null,
  description: doc.description,
  verified: doc.verified,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});
const projection = withoutOutbox;

export class EmployerExistsError extends Error {}

export function createEmployerProfileRepository(connection: Connection) {
  const Employers = connection.model('EmployerProfile', employerSchema, 'employer_profiles');
  return {
    model: Employers,

    async find(userId: string): Promise<EmployerProfile | null> {
      const doc = await Employers.findById(userId, projection).lean<EmployerDoc>();
      return doc ? fromDoc(doc) : null;
    },

    async findMany(userIds: string[]): Promise<EmployerProfile[]> {
      const docs = await Employers.find({ _id: { $in: userIds } }, projection).lean<EmployerDoc[]>();
      return docs.map(fromDoc);
    },

    async insert({ userId, ...profile }: EmployerProfile, events: PendingEvent[]) {
      try {
        await Employers.create({ _id: userId, ...profile, ...withInitialEvents(events) });
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new EmployerExistsError();
        throw error;
      }
    },

    /** Read, change and write back with the events (see modifyVersioned). */
    modify: (userId: string, change: VersionedChange<EmployerProfile>) =>
      modifyVersioned(Employers, userId, {
        read: fromDoc,
        fields: ({ userId: _, ...fields }) => fields,
        change,
        conflictMessage: 'The company profile changed meanwhile; please try again',
      }),
  };
}

export type EmployerProfileRepository = ReturnType<typeof createEmployerProfileRepository>;
