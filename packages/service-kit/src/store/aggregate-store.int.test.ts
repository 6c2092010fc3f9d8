import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { uniqueName } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeAggregateStoreContract } from '../testing/aggregate-store-contract';
import { type Counter, counterIncremented, createCounterStore } from '../testing/counter-store';

const run = promisify(execFile);
const writer = fileURLToPath(new URL('../testing/store-writer.ts', import.meta.url));

const increment = (current: Counter) => ({
  next: { ...current, value: current.value + 1 },
  events: (stamped: Counter) => [counterIncremented(stamped.id, stamped.value)],
});

type StoredCounter = { value: number; version: number; _outbox: Array<{ type: string; data: unknown }> };

describeAggregateStoreContract('MongoDB', async () => {
  const world = await createCounterStore(inject('infra').mongoUrl, uniqueName('store-contract'));
  const stored = (id: string) => world.model.findById(id).lean<StoredCounter>();
  return {
    store: world.store,
    stored,
    events: async (id) => (await stored(id))?._outbox ?? [],
    close: async () => {
      await world.connection.dropDatabase();
      await world.close();
    },
  };
});

/** What only the Mongo store does: tell its relay what it wrote, and keep processes apart. */
describe('the aggregate store on MongoDB', () => {
  const dbName = uniqueName('store');
  const notified: string[] = [];
  /** What the relay was told of each document's outbox, in order (undefined: not known). */
  const outboxes = new Map<string, (readonly unknown[] | undefined)[]>();
  let world: Awaited<ReturnType<typeof createCounterStore>>;

  beforeAll(async () => {
    world = await createCounterStore(
      inject('infra').mongoUrl,
      dbName,
      (_model: unknown, id: unknown, outbox?: readonly unknown[]) => {
        notified.push(String(id));
        outboxes.set(String(id), [...(outboxes.get(String(id)) ?? []), outbox]);
      },
    );
  });
  afterAll(async () => {
    await world.connection.dropDatabase();
    await world.close();
  });

  const newCounter = async (id = randomUUID()) => {
    const now = new Date();
    const counter: Counter = { id, value: 0, version: 1, createdAt: now, updatedAt: now };
    await world.store.create(counter, [counterIncremented(id, 0)], () => new Error('duplicate'));
    return id;
  };
  const stored = (id: string) =>
    world.model.findById(id).lean() as Promise<{ value: number; version: number; _outbox: unknown[] } | null>;

  it('notifies the relay of every write', async () => {
    const id = await newCounter();
    await world.store.change(id, increment);
    expect(notified.filter((entry) => entry === id)).toHaveLength(2);
  });

  it("tells the relay the document's outbox when nothing else waited in it, so it need not read it", async () => {
    const id = await newCounter();
    // the first event still waits (nobody relays here): the relay must read the document
    await world.store.change(id, increment);
    // the relay took both out: the outbox is empty again
    await world.model.updateOne(
      { _id: id },
      { $set: { _outbox: [], _outboxCount: 0, _outboxPending: false } },
    );
    await world.store.change(id, increment);
    // a change with no events leaves nothing for the relay
    await world.model.updateOne(
      { _id: id },
      { $set: { _outbox: [], _outboxCount: 0, _outboxPending: false } },
    );
    await world.store.change(id, (current) => ({ next: { ...current, value: 10 }, events: [] }));

    const told = outboxes.get(id)!;
    const stored = (await world.model.findById(id).lean()) as { version: number } | null;
    expect(told).toHaveLength(4);
    expect(told[0]).toEqual([expect.objectContaining({ type: 'counter.incremented', data: { value: 0 } })]);
    expect(told[1]).toBeUndefined();
    expect(told[2]).toEqual([expect.objectContaining({ type: 'counter.incremented', data: { value: 2 } })]);
    expect(told[3]).toEqual([]);
    expect(stored?.version).toBe(4);
  });

  it('keeps two processes writing one aggregate from losing or doubling a change', async () => {
    const id = await newCounter();
    const perProcess = 40;
    const outputs = await Promise.all(
      [1, 2].map(() =>
        run(
          process.execPath,
          ['--import', 'tsx', writer, inject('infra').mongoUrl, dbName, id, String(perProcess), '4'],
          {
            timeout: 120000,
          },
        ),
      ),
    );
    expect(outputs.map((output) => output.stdout.trim())).toEqual(['done', 'done']);
    const doc = await stored(id);
    expect(doc?.value).toBe(2 * perProcess);
    expect(doc?.version).toBe(1 + 2 * perProcess);
    const outbox = (doc?._outbox ?? []) as Array<{ data: { value: number } }>;
    const values = outbox.map((event) => event.data.value);
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * perProcess + 1 }, (_, i) => i));
  }, 180000);
});
