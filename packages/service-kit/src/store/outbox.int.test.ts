import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eventSchema } from '@meritmatch/contracts';
import { infraProfile, startKafka, stopKafka } from '@meritmatch/infra';
import { eventually, reservePort, scratchTopic, sleep, uniqueName } from '@meritmatch/testkit';
import { type Connection, Schema } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildEvent } from '../core/events';
import { createLogger } from '../core/logger';
import { type RunningConsumer, startIdempotentConsumer } from '../messaging/consumer';
import { createKafka, createProducer, ensureTopics } from '../messaging/kafka';
import { connectMongo } from './mongo';
import { OutboxRelay, outboxSchemaFields, withEvents, withInitialEvents } from './outbox';
import { documentKey, writeGuardFor } from './write-guard';

const ZWidgetRenamed = eventSchema('widget.renamed', 1, z.object({ widgetId: z.string(), name: z.string() }));
type WidgetRenamed = z.infer<typeof ZWidgetRenamed>;

// info: a consumer's joins and restarts and the relay's failures and recoveries are in a failed
// run's output (a fresh-clone CI run once waited 45 s for three events and said nothing of why)
const logger = createLogger('outbox-test', 'info');

const renamed = (widgetId: string, name: string) =>
  buildEvent(ZWidgetRenamed, {
    type: 'widget.renamed',
    version: 1,
    aggregateId: widgetId,
    data: { widgetId, name },
    source: 'outbox-test',
  });

async function setupWorld(brokers: string[]) {
  const connection = await connectMongo({ url: inject('infra').mongoUrl, dbName: uniqueName('outbox') });
  const Widget = connection.model(
    'Widget',
    new Schema({ _id: String, name: String, ...outboxSchemaFields }, { versionKey: false, minimize: false }),
  );
  await Widget.createIndexes();
  const kafka = createKafka({ clientId: 'outbox-test', brokers, logger });
  const widgets = scratchTopic('widgets');
  const deadLetters = scratchTopic('dead-letters');
  await ensureTopics(kafka, [widgets, deadLetters]);
  const topic = widgets.topic;
  const deadLetterTopic = deadLetters.topic;
  const producer = createProducer(kafka);
  await producer.connect();
  // writers take turns with the relay as the product's do: FerretDB has no isolation, and a write
  // that bypassed the guard could be overwritten by the relay's removal of the published events
  const guard = await writeGuardFor(connection);
  const relay = new OutboxRelay({
    sources: [{ model: Widget, topic }],
    producer,
    logger,
    sweepMs: 500,
    guard,
  });
  return { connection, Widget, kafka, topic, deadLetterTopic, producer, relay, guard };
}

type World = Awaited<ReturnType<typeof setupWorld>>;

/**
 * What the test can see while it waits for events, for its failure message: the events the
 * consumer handled, whether it is a member of its group, what the relay still holds, the stored
 * document's outbox, the topic's end and the group's committed offsets. It tells a relay that did
 * not publish from a consumer that did not read.
 */
async function whatIsSeen(
  world: World,
  watched: { seen: WidgetRenamed[]; consumer: RunningConsumer; groupId: string },
  id: string,
) {
  const admin = world.kafka.admin();
  await admin.connect();
  try {
    const consumer = await watched.consumer.readiness.check().then(
      () => 'running',
      (error: Error) => error.message,
    );
    const stored = await world.Widget.findById(id, { _outbox: 1, _outboxCount: 1, _outboxPending: 1 }).lean();
    return {
      handled: watched.seen.map((event) => event.data.name),
      consumer,
      relay: world.relay.stats(),
      stored,
      topicEnds: (await admin.fetchTopicOffsets(world.topic)).map(
        ({ partition, high }) => `${partition}:${high}`,
      ),
      committed: (await admin.fetchOffsets({ groupId: watched.groupId, topics: [world.topic] })).flatMap(
        (entry) => entry.partitions.map(({ partition, offset }) => `${partition}:${offset}`),
      ),
    };
  } finally {
    await admin.disconnect();
  }
}

async function collect(world: World, connection: Connection, groupId = uniqueName('group')) {
  const seen: WidgetRenamed[] = [];
  const consumer = await startIdempotentConsumer({
    kafka: world.kafka,
    connection,
    groupId,
    topics: [world.topic],
    schema: ZWidgetRenamed,
    logger,
    deadLetters: { producer: world.producer, topic: world.deadLetterTopic },
    handle: async (event) => {
      seen.push(event);
    },
  });
  // a member of its group before the test goes on: joining takes a while on a busy machine
  await eventually(() => consumer.running, { what: 'the consumer in its group', timeoutMs: 60000 });
  return { seen, consumer, groupId };
}

describe('outbox and idempotent consumer against the real broker', () => {
  let world: World;
  const consumers: RunningConsumer[] = [];
  beforeAll(async () => {
    world = await setupWorld(inject('infra').kafkaBrokers.split(','));
    world.relay.start();
  });
  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.disconnect()));
  });
  afterAll(async () => {
    await world.relay.stop();
    await world.producer.disconnect();
    await world.connection.dropDatabase();
    await world.connection.close();
  });

  it('delivers an event stored with its change to a consumer exactly once, in order per aggregate', async () => {
    const watched = await collect(world, world.connection);
    const { seen, consumer } = watched;
    consumers.push(consumer);
    const id = randomUUID();
    await world.Widget.create({ _id: id, name: 'one', ...withInitialEvents([renamed(id, 'one')]) });
    world.relay.notify(world.Widget, id);
    const guarded = (work: () => Promise<unknown>) => world.guard.run(documentKey(world.Widget, id), work);
    await guarded(() =>
      world.Widget.updateOne({ _id: id }, withEvents({ $set: { name: 'two' } }, [renamed(id, 'two')])).exec(),
    );
    world.relay.notify(world.Widget, id);
    await guarded(() =>
      world.Widget.updateOne(
        { _id: id },
        withEvents({ $set: { name: 'three' } }, [renamed(id, 'three')]),
      ).exec(),
    );
    world.relay.notify(world.Widget, id);

    await eventually(() => seen.length >= 3, {
      what: 'three events consumed',
      timeoutMs: 45000,
      seen: () => whatIsSeen(world, watched, id),
    });
    await sleep(1500); // a second sweep and any redelivery would show up here
    expect(seen.map((event) => event.data.name)).toEqual(['one', 'two', 'three']);
    const stored = await world.Widget.findById(id).lean();
    expect(stored).toMatchObject({ name: 'three', _outbox: [], _outboxCount: 0, _outboxPending: false });
  });

  it('applies a duplicate delivery once', async () => {
    const { seen, consumer } = await collect(world, world.connection);
    consumers.push(consumer);
    const id = randomUUID();
    const event = renamed(id, 'dup');
    const value = JSON.stringify(event);
    await world.producer.send({ topic: world.topic, messages: [{ key: id, value }] });
    await world.producer.send({ topic: world.topic, messages: [{ key: id, value }] });
    await eventually(() => seen.some((e) => e.id === event.id), { what: 'the event consumed' });
    await sleep(1000);
    expect(seen.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it('redelivers an event whose handler failed, and commits only after success', async () => {
    const attempts: string[] = [];
    const groupId = uniqueName('group');
    const consumer = await startIdempotentConsumer({
      kafka: world.kafka,
      connection: world.connection,
      groupId,
      topics: [world.topic],
      schema: ZWidgetRenamed,
      logger,
      fromBeginning: false,
      deadLetters: { producer: world.producer, topic: world.deadLetterTopic },
      handle: async (event) => {
        attempts.push(event.data.name);
        if (attempts.length === 1) throw new Error('the first attempt fails');
      },
    });
    consumers.push(consumer);
    await sleep(1000);
    const id = randomUUID();
    await world.producer.send({
      topic: world.topic,
      messages: [{ key: id, value: JSON.stringify(renamed(id, 'retry')) }],
    });
    await eventually(() => attempts.length >= 2, { what: 'a second attempt', timeoutMs: 20000 });
    expect(attempts.slice(0, 2)).toEqual(['retry', 'retry']);
  });

  it('skips messages that are not valid events of the consumer', async () => {
    const { seen, consumer } = await collect(world, world.connection);
    consumers.push(consumer);
    const id = randomUUID();
    await world.producer.send({
      topic: world.topic,
      messages: [
        { key: id, value: 'not json' },
        { key: id, value: JSON.stringify({ type: 'something.else' }) },
        { key: id, value: JSON.stringify(renamed(id, 'after-garbage')) },
      ],
    });
    await eventually(() => seen.some((e) => e.data.name === 'after-garbage'), { what: 'the valid event' });
  });
});

describe('outbox while the broker is down', () => {
  const profile = { ...infraProfile(uniqueName('fault')) };
  let world: World;

  beforeAll(async () => {
    profile.kafkaPort = await reservePort();
    profile.kafkaControllerPort = await reservePort();
    await startKafka(profile);
    world = await setupWorld([`127.0.0.1:${profile.kafkaPort}`]);
    world.relay.start();
  }, 120000);
  afterAll(async () => {
    await world?.relay.stop();
    await world?.producer.disconnect().catch(() => undefined);
    await stopKafka(profile);
    await world?.connection.dropDatabase();
    await world?.connection.close();
    rmSync(profile.dir, { recursive: true, force: true });
  }, 60000);

  it('keeps an event written while Kafka is stopped and publishes it once Kafka is back', async () => {
    const { seen, consumer } = await collect(world, world.connection);
    const warmId = randomUUID();
    await world.Widget.create({ _id: warmId, name: 'warm', ...withInitialEvents([renamed(warmId, 'warm')]) });
    world.relay.notify(world.Widget, warmId);
    await eventually(() => seen.length === 1, { what: 'the first event', timeoutMs: 30000 });

    await stopKafka(profile);
    const id = randomUUID();
    await world.Widget.create({ _id: id, name: 'offline', ...withInitialEvents([renamed(id, 'offline')]) });
    world.relay.notify(world.Widget, id);
    await sleep(3000);
    const parked = await world.Widget.findById(id).lean();
    expect(parked?._outbox).toHaveLength(1);

    await startKafka(profile);
    await eventually(() => seen.some((e) => e.data.name === 'offline'), {
      what: 'the event written during the outage',
      timeoutMs: 90000,
      intervalMs: 250,
    });
    await sleep(1500);
    expect(seen.filter((e) => e.data.name === 'offline')).toHaveLength(1);
    await consumer.disconnect();
  }, 180000);
});
