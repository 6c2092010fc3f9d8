import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import type { Versioned } from '../core/versioned';
import { aggregateSchemaFields, createAggregateStore } from '../store/aggregate-store';
import { connectMongo } from '../store/mongo';
import { writeGuardFor } from '../store/write-guard';

/** A tiny aggregate for the store's own tests: a counter. */
export type Counter = Versioned & { id: string; value: number };

/** The event of a counter's new value. */
export const counterIncremented = (counterId: string, value: number) => ({
  id: randomUUID(),
  type: 'counter.incremented',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'test',
  aggregateId: counterId,
  data: { value },
});

const counterSchema = new Schema(
  {
    _id: { type: String, required: true },
    value: { type: Number, required: true },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

export async function createCounterStore(
  mongoUrl: string,
  dbName: string,
  notify: (model: unknown, id: unknown, outbox?: readonly unknown[]) => void = () => undefined,
) {
  const connection = await connectMongo({ url: mongoUrl, dbName });
  const model = connection.model('Counter', counterSchema, 'counters');
  const store = createAggregateStore<Counter>({
    model,
    toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
    fromDoc: (doc: { _id: string; value: number; version: number; createdAt: Date; updatedAt: Date }) => ({
      id: doc._id,
      value: doc.value,
      version: doc.version,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
    }),
    relay: { notify },
    guard: await writeGuardFor(connection),
    attempts: 50,
  });
  return { connection, model, store, close: () => connection.close() };
}
