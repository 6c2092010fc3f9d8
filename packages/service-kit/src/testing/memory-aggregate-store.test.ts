import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeAggregateStoreContract } from './aggregate-store-contract';
import type { Counter } from './counter-store';
import { createMemoryAggregateStore } from './memory-aggregate-store';

describeAggregateStoreContract('in memory', async () => {
  const store = createMemoryAggregateStore<Counter>({
    toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
    fromDoc: ({ _id, ...fields }: Omit<Counter, 'id'> & { _id: string }) => ({ id: _id, ...fields }),
  });
  return {
    store,
    stored: async (id) => store.all().find((counter) => counter.id === id) ?? null,
    events: async (id) => store.outboxOf(id),
    close: async () => undefined,
  };
});

describe('the in-memory aggregate store', () => {
  type Named = Counter & { name: string };
  const store = createMemoryAggregateStore<Named>({
    toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
    fromDoc: ({ _id, ...fields }: Omit<Named, 'id'> & { _id: string }) => ({ id: _id, ...fields }),
    unique: ['name'],
  });
  const named = (name: string): Named => {
    const now = new Date();
    return { id: randomUUID(), name, value: 0, version: 1, createdAt: now, updatedAt: now };
  };

  it("refuses a second aggregate with a unique field's value, as a unique index does", async () => {
    await store.create(named('ada'), [], () => new Error('taken'));
    await expect(store.create(named('ada'), [], (error) => error as Error)).rejects.toMatchObject({
      code: 11000,
    });
    expect(store.all().map((aggregate) => aggregate.name)).toEqual(['ada']);
  });

  it('has no collection to query: a query belongs in the repository of tests', () => {
    expect(() => store.model.findOne({})).toThrow('has no mongoose model');
  });
});
