import { onlyDuplicateKeys } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

const ownerSchema = new Schema(
  { _id: { type: String, required: true }, ownerUserId: { type: String, required: true, index: true } },
  { versionKey: false },
);

/** A candidate and the job seeker's account it belongs to. */
export type CandidateOwner = { candidateId: string; ownerUserId: string };

/**
 * Which job seeker's account each candidate is, by id only (from the `candidates` topic): the
 * contact log knows requests by candidate, an erasure names the account. Kept for an erased
 * candidate too (its marker carries both ids), so that an erasure asked again finds it.
 *
 * A candidate belongs to one account for its whole life, so a link is written once and never
 * changed: the links of a batch of events are one unordered insert, and those known already are
 * refused by their key. Catching up with a million candidates is then a thousand inserts, not a
 * million upserts (at about 130 a second on FerretDB, it took hours: decision 0027).
 */
export function createCandidateOwners(connection: Connection) {
  const Owners = connection.model('CandidateOwner', ownerSchema, 'candidate_owners');
  return {
    async link(owners: readonly CandidateOwner[]) {
      if (owners.length === 0) return;
      const documents = owners.map(({ candidateId, ownerUserId }) => ({ _id: candidateId, ownerUserId }));
      try {
        await Owners.insertMany(documents, { ordered: false, lean: true });
      } catch (error) {
        if (!onlyDuplicateKeys(error)) throw error;
      }
    },
    async candidatesOf(ownerUserId: string): Promise<string[]> {
      const docs = await Owners.find({ ownerUserId }, { _id: 1 }).lean<{ _id: string }[]>();
      return docs.map((doc) => doc._id);
    },
  };
}

export type CandidateOwners = ReturnType<typeof createCandidateOwners>;
