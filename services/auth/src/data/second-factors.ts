import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { SecondFactor } from '../domain/second-factor';

const secondFactorSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Sealed (AES-256-GCM under the key-encryption key, bound to the user id): never the clear secret. */
    secret: { type: Schema.Types.Mixed, default: null },
    enrolledAt: { type: Date, default: null },
    pending: { type: Schema.Types.Mixed, default: null },
    /** SHA-256 of each recovery code, and when it was used. */
    recoveryCodes: { type: [Object], default: [] },
    lastStep: { type: Number, default: 0 },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type SecondFactorDoc = Omit<SecondFactor, 'userId'> & { _id: string };

/** How a second factor is stored, for the store here and the in-memory one of route tests. */
export const secondFactorStorage = {
  toDoc: ({ userId, ...fields }: SecondFactor) => ({ _id: userId, ...fields }),
  fromDoc: ({ _id, ...doc }: SecondFactorDoc): SecondFactor => ({
    userId: _id,
    ...doc,
    secret: doc.secret ?? null,
    enrolledAt: doc.enrolledAt ?? null,
    pending: doc.pending ?? null,
    recoveryCodes: doc.recoveryCodes ?? [],
    lastStep: doc.lastStep ?? 0,
  }),
};

/**
 * Admins' second factors by user id (collection `second_factors`), apart from the accounts: the
 * account's document and its events never hold them. Written through an aggregate store without
 * events, for its write guard: a code is checked and spent in one exclusive change.
 */
export function createSecondFactorData(
  connection: Connection,
  storeFor: (
    options: Omit<AggregateStoreOptions<SecondFactor>, 'relay' | 'guard'>,
  ) => AggregateStore<SecondFactor>,
) {
  const Factors = connection.model('SecondFactor', secondFactorSchema, 'second_factors');
  const store = storeFor({ model: Factors, ...secondFactorStorage });
  return {
    store,
    /** Every user id with a second factor document (for sealing again after a KEK rotation). */
    userIds: async () => (await Factors.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map((doc) => doc._id),
  };
}
