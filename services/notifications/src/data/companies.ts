import { documentKey, type WriteGuard } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { KnownCompany } from '../domain/notification-rules';

const companySchema = new Schema(
  { _id: { type: String, required: true }, verified: Boolean, version: Number },
  { versionKey: false },
);

type CompanyDoc = KnownCompany & { _id: string };

/**
 * What this service keeps of each company from the `employers` topic: only whether it is
 * verified and the version seen, to tell a verification from a revocation. Names are asked
 * from the profile service when an e-mail needs them.
 */
export function createCompanyData(connection: Connection, guard: WriteGuard) {
  const Companies = connection.model('Company', companySchema, 'companies');
  return {
    async find(employerId: string): Promise<KnownCompany | null> {
      const doc = await Companies.findById(employerId).lean<CompanyDoc>();
      return doc ? { verified: doc.verified, version: doc.version } : null;
    },
    /** Forgets an erased company. */
    async forget(employerId: string) {
      await guard.run(documentKey(Companies, employerId), async () => {
        await Companies.deleteOne({ _id: employerId });
      });
    },
    /** Records a newer state (an older one replayed is ignored). */
    async record(employerId: string, state: KnownCompany) {
      await guard.run(documentKey(Companies, employerId), async () => {
        const known = await Companies.findById(employerId, { version: 1 }).lean<{ version: number }>();
        if (known && known.version >= state.version) return;
        await Companies.updateOne({ _id: employerId }, { $set: state }, { upsert: true });
      });
    },
  };
}

export type CompanyData = ReturnType<typeof createCompanyData>;
