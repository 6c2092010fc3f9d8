import { randomUUID } from 'node:crypto';
import { eventually, filterFields, recordFilters, scratchTopic, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection, Schema } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../core/logger';
import { createKafka, createProducer, ensureTopics } from '../messaging/kafka';
import { type Counter, counterIncremented } from '../testing/counter-store';
import { aggregateSchemaFields, createAggregateStore } from './aggregate-store';
import { OutboxRelay } from './outbox';
import { leaseLocks, versionGuardOnly, type WriteGuard } from './write-guard';

const logger = createLogger('store-filters-test', 'warn');

/**
 * How the store and its relay address a document. FerretDB v1 on SQLite pushes a filter down to
 * its storage only when it is `_id` alone: any other filter (`_id` with the version, `_id` with
 * the outbox count) makes it read and decode the whole collection, so every change got slower
 * with every stored aggregate. With leases (the guard FerretDB gets) nobody else writes while a
 * change runs, so the store and the relay go by `_id` alone; with the version guard alone
 * (MongoDB) the condition stays in the filter.
 */
describe("the store's and the relay's filters", () => {
  let connection: Connection;
  let producer: ReturnType<typeof createProducer>;
  let topic: string;
  const collection = 'counters';

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('filters'), monitorCommands: true })
      .asPromise();
    const kafka = createKafka({
      clientId: 'store-filters-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger,
    });
    const scratch = scratchTopic('counters');
    await ensureTopics(kafka, [scratch]);
    topic = scratch.topic;
    producer = createProducer(kafka);
    await producer.connect();
  });
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });
  afterAll(async () => {
    await producer.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  /** A counter store and its relay on `guard`; `afterSend` runs after each batch reached Kafka. */
  function world(guard: WriteGuard, afterSend: () => Promise<void> = async () => undefined) {
    const published: number[] = [];
    const name = `Counter${randomUUID().slice(0, 8)}`;
    const model = connection.model(
      name,
      new Schema(
        { _id: { type: String, required: true }, value: Number, ...aggregateSchemaFields },
        { versionKey: false, minimize: false },
      ),
      collection,
    );
    const sending = {
      send: async (batch: Parameters<typeof producer.send>[0]) => {
        const answer = await producer.send(batch);
        for (const message of batch.messages)
          published.push((JSON.parse(String(message.value)) as { data: { value: number } }).data.value);
        await afterSend();
        return answer;
      },
    } as unknown as typeof producer;
    // started as in a service; its sweep for leftovers (the one scan) runs at start only here
    const relay = new OutboxRelay({
      sources: [{ model, topic }],
      producer: sending,
      logger,
      guard,
      sweepMs: 3_600_000,
    });
    relays.push(relay);
    relay.start();
    const store = createAggregateStore<Counter>({
      model,
      toDoc: ({ id, ...fields }) => ({ _id: id, ...fields }),
      fromDoc: (doc: { _id: string } & Omit<Counter, 'id'>) => ({
        id: doc._id,
        value: doc.value,
        version: doc.version,
        createdAt: doc.createdAt,
        updatedAt: doc.updatedAt,
      }),
      relay,
      guard,
    });
    const create = async () => {
      const id = randomUUID();
      const now = new Date();
      await store.create(
        { id, value: 0, version: 1, createdAt: now, updatedAt: now },
        [],
        () => new Error('dup'),
      );
      return id;
    };
    const increment = (id: string) =>
      store.update(
        id,
        (current) => ({ ...current, value: current.value + 1 }),
        (stamped) => [counterIncremented(stamped.id, stamped.value)],
      );
    const outboxOf = async (id: string) =>
      (await model.findById(id, { _outbox: 1, _outboxCount: 1, _outboxPending: 1 }).lean()) as {
        _outbox: Array<{ data: { value: number } }>;
        _outboxCount: number;
        _outboxPending: boolean;
      };
    return { model, relay, store, create, increment, outboxOf, published };
  }

  it('goes by `_id` alone with leases, from the change to the removal of its published events', async () => {
    const { create, increment, outboxOf } = world(leaseLocks(connection));
    const id = await create();
    const filters = recordFilters(connection.getClient(), collection);
    await increment(id);
    await increment(id);
    await eventually(async () => (await outboxOf(id))._outboxPending === false, {
      what: 'the events published and removed',
    });
    expect(await outboxOf(id)).toMatchObject({ _outbox: [], _outboxCount: 0, _outboxPending: false });
    // the relay's sweep for what a crash left behind (at start, then every few seconds) is the one scan
    const lookups = filters.filter(
      ({ command, filter }) => !(command === 'find' && '_outboxPending' in filter),
    );
    expect(lookups.length).toBeGreaterThanOrEqual(6);
    expect(lookups.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
  });

  it("publishes a change's events without reading the document first, and has nothing to do for a change with none", async () => {
    const { store, create, increment, outboxOf, published } = world(leaseLocks(connection));
    const id = await create();
    const filters = recordFilters(connection.getClient(), collection);
    // the relay's sweep for what a crash left behind (at its start) is not part of the change
    const commands = () =>
      filters
        .filter(({ command, filter }) => !(command === 'find' && '_outboxPending' in filter))
        .map(({ command }) => command);
    await increment(id);
    // the change's update, then the relay's removal of what it published
    await eventually(() => commands().filter((command) => command === 'update').length === 2, {
      what: 'the event published and removed',
    });
    expect(published).toEqual([1]);
    // the change's read, then the removal's: the relay was handed the outbox the change wrote
    expect(commands()).toEqual(['find', 'update', 'find', 'update']);

    // a change that states no event: its read and its write, and nothing from the relay
    filters.length = 0;
    await store.update(
      id,
      (current) => ({ ...current, value: 10 }),
      () => [],
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(commands()).toEqual(['find', 'update']);
    expect(await outboxOf(id)).toMatchObject({ _outbox: [], _outboxCount: 0, _outboxPending: false });
  });

  it('keeps an event a writer added while the relay was publishing, with leases', async () => {
    let id = '';
    let added = false;
    // right after the first batch reached Kafka, before the relay removes it, a writer adds one
    const { create, increment, outboxOf, published } = world(leaseLocks(connection), async () => {
      if (added || !id) return;
      added = true;
      await increment(id);
    });
    id = await create();
    await increment(id);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await outboxOf(id)).toMatchObject({ _outbox: [], _outboxCount: 0, _outboxPending: false });
    expect(published).toEqual([1, 2]);
  });

  it('keeps the version and the empty outbox in the filter with the version guard alone (MongoDB)', async () => {
    const { create, increment, outboxOf } = world(versionGuardOnly());
    const id = await create();
    const filters = recordFilters(connection.getClient(), collection);
    await increment(id);
    await eventually(async () => (await outboxOf(id))._outboxPending === false, {
      what: 'the event published and removed',
    });
    const updates = filters.filter(({ command }) => command === 'update').map(({ filter }) => filter);
    expect(updates).toContainEqual({ _id: id, version: 1 });
    expect(updates).toContainEqual({ _id: id, _outboxCount: 0 });
  });
});
