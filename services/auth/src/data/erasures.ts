import { erasureParts, erasureRequesters, userTypes } from '@meritmatch/contracts';
import {
  type AggregateStore,
  type AggregateStoreOptions,
  aggregateSchemaFields,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';
import type { Erasure } from '../domain/erasure';

const erasureSchema = new Schema(
  {
    _id: { type: String, required: true },
    userType: { type: String, required: true, enum: userTypes },
    by: { type: String, required: true, enum: erasureRequesters },
    requestedBy: { type: String, default: null },
    requestedAt: { type: Date, required: true },
    lastSentAt: { type: Date, required: true },
    parts: Object.fromEntries(erasureParts.map((part) => [part, { type: Date, default: null }])),
    finishedAt: { type: Date, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type ErasureDoc = Omit<Erasure, 'userId'> & { _id: string };

const fromDoc = ({ _id, ...doc }: ErasureDoc): Erasure => ({
  userId: _id,
  ...doc,
  requestedBy: doc.requestedBy ?? null,
  finishedAt: doc.finishedAt ?? null,
  parts: Object.fromEntries(
    erasureParts.map((part) => [part, doc.parts?.[part] ?? null]),
  ) as Erasure['parts'],
});

/** How an erasure is stored, for the store here and the in-memory one of route tests. */
export const erasureStorage = {
  toDoc: ({ userId, ...fields }: Erasure) => ({ _id: userId, ...fields }),
  fromDoc,
};

/** Unfinished erasures first, each group in the order given (the admin's view). */
export const unfinishedFirst = (erasures: Erasure[]) => [
  ...erasures.filter((e) => !e.finishedAt),
  ...erasures.filter((e) => e.finishedAt),
];

/** Erasures by user id (collection `erasures`); their `erasure.requested` events go through the outbox. */
export function createErasureData(
  connection: Connection,
  storeFor: (options: Omit<AggregateStoreOptions<Erasure>, 'relay' | 'guard'>) => AggregateStore<Erasure>,
) {
  const Erasures = connection.model('Erasure', erasureSchema, 'erasures');
  const store = storeFor({ model: Erasures, ...erasureStorage });
  const projection = { _outbox: 0, _outboxCount: 0, _outboxPending: 0, _commands: 0 };
  return {
    store,
    /** Erasures that have not finished (few at any time: each finishes within minutes). */
    unfinished: async () =>
      (await Erasures.find({ finishedAt: null }, projection).lean<ErasureDoc[]>()).map(fromDoc),
    /** The newest erasures, unfinished first, for the admin's view. */
    recent: async (limit: number) => {
      const docs = await Erasures.find({}, projection)
        .sort({ requestedAt: -1 })
        .limit(limit)
        .lean<ErasureDoc[]>();
      return unfinishedFirst(docs.map(fromDoc));
    },
  };
}

export type ErasureData = ReturnType<typeof createErasureData>;
