import type { EmployerSnapshot } from '@meritmatch/contracts';
import { documentKey, findByIds, type WriteGuard } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

export type EmployerEntry = Omit<EmployerSnapshot, 'updatedAt'> & { updatedAt: Date };

const employerSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyName: String,
    industry: String,
    companySize: String,
    website: { type: String, default: null },
    verified: Boolean,
    version: Number,
    updatedAt: Date,
  },
  { versionKey: false },
);

type EmployerDoc = Omit<EmployerEntry, 'employerId'> & { _id: string };
const fromDoc = ({ _id, ...doc }: EmployerDoc): EmployerEntry => ({ employerId: _id, ...doc });

/** The admin service's own copy of every company, kept from the `employers` topic. */
export function createEmployerDirectory(connection: Connection, guard: WriteGuard) {
  const Employers = connection.model('Employer', employerSchema, 'employers');
  return {
    /** Stores a snapshot unless a newer one is already there. */
    async apply(snapshot: EmployerSnapshot) {
      await guard.run(documentKey(Employers, snapshot.employerId), async () => {
        const known = await Employers.findById(snapshot.employerId, { version: 1 }).lean<{
          version: number;
        }>();
        if (known && known.version >= snapshot.version) return;
        const { employerId, ...fields } = snapshot;
        await Employers.updateOne(
          { _id: employerId },
          { $set: { ...fields, updatedAt: new Date(snapshot.updatedAt) } },
          { upsert: true },
        );
      });
    },
    /** The employer was erased: its company is dropped (a later snapshot of it never comes). */
    async remove(employerId: string) {
      await guard.run(documentKey(Employers, employerId), async () => {
        await Employers.deleteOne({ _id: employerId });
      });
    },
    async find(employerId: string): Promise<EmployerEntry | null> {
      const doc = await Employers.findById(employerId).lean<EmployerDoc>();
      return doc ? fromDoc(doc) : null;
    },
    async findMany(employerIds: string[]): Promise<Map<string, EmployerEntry>> {
      const docs = await findByIds(employerIds, (id) => Employers.findById(id).lean<EmployerDoc>());
      return new Map(docs.map((doc) => [doc._id, fromDoc(doc)]));
    },
  };
}

export type EmployerDirectory = ReturnType<typeof createEmployerDirectory>;
