import { findByIds, onlyDuplicateKeys } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

/** A candidate and its anonymous code, as the `candidates` topic tells them. */
export type CandidateCode = { candidateId: string; code: string };

// both ways in one collection, each an `_id` read (FerretDB scans for any other filter):
// `code:EM123456` → the candidate id, `candidate:<id>` → the code
const pairSchema = new Schema(
  { _id: { type: String, required: true }, value: { type: String, required: true } },
  { versionKey: false },
);
const byCode = (code: string) => `code:${code}`;
const byCandidate = (candidateId: string) => `candidate:${candidateId}`;

/**
 * The candidates' anonymous codes, for the contact log: an admin filters by the code they see,
 * and reads it on each entry, without asking the profile service. A code is given once for a
 * candidate's life, so a pair is inserted once and never changed; an erased candidate's pair goes.
 */
export function createCandidateCodes(connection: Connection) {
  const Pairs = connection.model('CandidateCode', pairSchema, 'candidate_codes');
  return {
    async record(pairs: readonly CandidateCode[]) {
      if (pairs.length === 0) return;
      const documents = pairs.flatMap(({ candidateId, code }) => [
        { _id: byCode(code), value: candidateId },
        { _id: byCandidate(candidateId), value: code },
      ]);
      try {
        await Pairs.insertMany(documents, { ordered: false, lean: true });
      } catch (error) {
        if (!onlyDuplicateKeys(error)) throw error;
      }
    },
    async candidateOf(code: string): Promise<string | null> {
      return (await Pairs.findById(byCode(code)).lean<{ value: string }>())?.value ?? null;
    },
    async codesOf(candidateIds: readonly string[]): Promise<Map<string, string>> {
      const docs = await findByIds(candidateIds.map(byCandidate), (id) =>
        Pairs.findById(id).lean<{ _id: string; value: string }>(),
      );
      return new Map(docs.map((doc) => [doc._id.slice(byCandidate('').length), doc.value]));
    },
    async forget(candidateId: string) {
      const code = (await Pairs.findById(byCandidate(candidateId)).lean<{ value: string }>())?.value;
      if (code) await Pairs.deleteOne({ _id: byCode(code) });
      await Pairs.deleteOne({ _id: byCandidate(candidateId) });
    },
  };
}

export type CandidateCodes = ReturnType<typeof createCandidateCodes>;
