import {
  aggregateSchemaFields,
  DomainError,
  findByIds,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { EmployerProfile } from '../domain/employer-profile';

const employerSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyName: { type: String, required: true },
    industry: { type: String, required: true },
    companySize: { type: String, required: true },
    website: { type: String, default: null },
    description: { type: String, required: true },
    verified: { type: Boolean, required: true },
    ...aggregateSchemaFields,
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
const projection = withoutStoreFields;
const toDoc = ({ userId, ...profile }: EmployerProfile) => ({ _id: userId, ...profile });

/** How a company profile is stored, for the store here and the in-memory one of route tests. */
export const employerProfileStorage = { toDoc, fromDoc, missing: () => new DomainError('company.not-found') };

/** The company profile store (its events go to `topic`) and the admin's lookup of several. */
export function createEmployerProfileData(platform: Platform, topic: string) {
  const Employers = platform.connection.model('EmployerProfile', employerSchema, 'employer_profiles');
  const store = platform.aggregateStore<EmployerProfile>({
    model: Employers,
    topic,
    ...employerProfileStorage,
  });
  return {
    store,
    model: Employers,
    async findMany(userIds: string[]): Promise<EmployerProfile[]> {
      const docs = await findByIds(userIds, (id) => Employers.findById(id, projection).lean<EmployerDoc>());
      return docs.map(fromDoc);
    },
  };
}

export type EmployerProfileData = ReturnType<typeof createEmployerProfileData>;

/** What the routes read of company profiles (a route test reads them from memory). */
export type EmployerProfileReads = Pick<EmployerProfileData, 'findMany'>;
