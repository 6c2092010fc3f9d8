import { isDuplicateKeyError } from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

/** What remains of an erased person here: ids and a time, never a detail. */
export type ErasureReceipt = {
  userId: string;
  /** The job seeker's candidate id, or null for an employer (or a job seeker who had no profile). */
  candidateId: string | null;
  /** The employer's id (its user id), or null for a job seeker. */
  employerId: string | null;
  erasedAt: Date;
};

const receiptSchema = new Schema(
  {
    _id: { type: String, required: true },
    candidateId: { type: String, default: null },
    employerId: { type: String, default: null },
    erasedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

type ReceiptDoc = Omit<ErasureReceipt, 'userId'> & { _id: string };

const fromDoc = ({ _id, ...doc }: ReceiptDoc): ErasureReceipt => ({
  userId: _id,
  candidateId: doc.candidateId ?? null,
  employerId: doc.employerId ?? null,
  erasedAt: doc.erasedAt,
});

/**
 * `erasure_receipts`: one per erased person, written before anything is deleted, so that an
 * erasure stopped half-way (a crash) is finished by the next request with the same marker
 * (the ids it needs are gone with the profile by then), and so that late events of the person
 * (a `users` event behind the erasure) recreate nothing. Read by `_id` only.
 */
export function createErasureReceipts(connection: Connection) {
  const Receipts = connection.model('ErasureReceipt', receiptSchema, 'erasure_receipts');
  const find = async (userId: string) => {
    const doc = await Receipts.findById(userId).lean<ReceiptDoc>();
    return doc ? fromDoc(doc) : null;
  };
  return {
    model: Receipts,
    find,

    /** The person's receipt: the first one written (a second erasure keeps its ids and time). */
    async record(receipt: ErasureReceipt): Promise<ErasureReceipt> {
      const known = await find(receipt.userId);
      if (known) return known;
      const { userId, ...fields } = receipt;
      try {
        await Receipts.create({ _id: userId, ...fields });
        return receipt;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return (await find(userId)) ?? receipt;
      }
    },

    async isErased(userId: string): Promise<boolean> {
      return (await Receipts.exists({ _id: userId })) !== null;
    },
  };
}

export type ErasureReceipts = ReturnType<typeof createErasureReceipts>;
