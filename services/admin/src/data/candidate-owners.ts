import { type Connection, Schema } from 'mongoose';

const ownerSchema = new Schema(
  { _id: { type: String, required: true }, ownerUserId: { type: String, required: true, index: true } },
  { versionKey: false },
);

/**
 * Which job seeker's account each candidate is, by id only (from the `candidates` topic): the
 * contact log knows requests by candidate, an erasure names the account. Kept for an erased
 * candidate too (its marker carries both ids), so that an erasure asked again finds it.
 */
export function createCandidateOwners(connection: Connection) {
  const Owners = connection.model('CandidateOwner', ownerSchema, 'candidate_owners');
  return {
    async set(candidateId: string, ownerUserId: string) {
      await Owners.updateOne({ _id: candidateId }, { $set: { ownerUserId } }, { upsert: true });
    },
    async candidatesOf(ownerUserId: string): Promise<string[]> {
      const docs = await Owners.find({ ownerUserId }, { _id: 1 }).lean<{ _id: string }[]>();
      return docs.map((doc) => doc._id);
    },
  };
}

export type CandidateOwners = ReturnType<typeof createCandidateOwners>;
