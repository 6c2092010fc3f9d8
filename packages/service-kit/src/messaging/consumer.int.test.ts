import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eventSchema } from '@meritmatch/contracts';
import { infraProfile, pauseKafka, startKafka, stopKafka } from '@meritmatch/infra';
import { eventually, reservePort, scratchTopic, sleep, uniqueName } from '@meritmatch/testkit';
import {
  type ConsumerConfig,
  type Kafka,
  KafkaJSNonRetriableError,
  type KafkaMessage,
  type Producer,
} from 'kafkajs';
import { type Connection, Schema } from 'mongoose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildEvent } from '../core/events';
import { createLogger } from '../core/logger';
import { metricsRegistry } from '../core/metrics';
import { runWithContext } from '../core/request-context';
import { connectMongo } from '../store/mongo';
import { OutboxRelay, outboxSchemaFields, withInitialEvents } from '../store/outbox';
import { type RunningConsumer, startIdempotentConsumer } from './consumer';
import { createKafka, createProducer, ensureTopics } from './kafka';
import { SupervisedConsumer } from './supervised-consumer';
import { TopicSnapshot } from './topic-snapshot';

const ZNoted = eventSchema('note.written', 1, z.object({ text: z.string() }));
type Noted = z.infer<typeof ZNoted>;
const logger = createLogger('consumer-test', process.env.TEST_LOG ?? 'silent');

const noted = (text: string, aggregateId = randomUUID()) =>
  buildEvent(ZNoted, { type: 'note.written', version: 1, aggregateId, data: { text }, source: 'test' });

type Broker = { kafka: Kafka; producer: Producer; topic: string; deadLetters: string };

async function broker(brokers: string): Promise<Broker> {
  const kafka = createKafka({ clientId: 'consumer-test', brokers: brokers.split(','), logger });
  const notes = scratchTopic('notes');
  const letters = scratchTopic('dead-letters');
  await ensureTopics(kafka, [notes, letters]);
  const topic = notes.topic;
  const deadLetters = letters.topic;
  const producer = createProducer(kafka);
  await producer.connect();
  return { kafka, producer, topic, deadLetters };
}

/** Reads a whole topic with a throw-away group. */
async function readTopic(kafka: Kafka, topic: string) {
  const seen: KafkaMessage[] = [];
  const consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      seen.push(message);
    },
  });
  return { seen, stop: () => consumer.disconnect() };
}

const header = (message: KafkaMessage, name: string) => message.headers?.[name]?.toString();

const send = (b: Broker, event: Noted | string) =>
  b.producer.send({
    topic: b.topic,
    messages: [{ key: 'k', value: typeof event === 'string' ? event : JSON.stringify(event) }],
  });

describe('the idempotent consumer keeps running', () => {
  let b: Broker;
  let connection: Connection;
  const running: Array<{ stop: () => Promise<void> }> = [];

  beforeAll(async () => {
    b = await broker(inject('infra').kafkaBrokers);
    connection = await connectMongo({ url: inject('infra').mongoUrl, dbName: uniqueName('consumer') });
  });
  beforeEach(async () => {
    // a topic per test: a group that starts at the end of a shared topic may miss the first event
    const fresh = scratchTopic('notes');
    b = { ...b, topic: fresh.topic };
    await ensureTopics(b.kafka, [fresh]);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await b.producer.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  const consume = async (
    handle: (event: Noted) => Promise<void>,
    extra: { maxAttempts?: number; groupId?: string; config?: Partial<ConsumerConfig> } = {},
  ): Promise<RunningConsumer> => {
    const consumer = await startIdempotentConsumer({
      kafka: b.kafka,
      connection,
      groupId: extra.groupId ?? uniqueName('group'),
      topics: [b.topic],
      schema: ZNoted,
      logger,
      deadLetters: { producer: b.producer, topic: b.deadLetters },
      retryDelayMs: 20,
      handle,
      ...(extra.maxAttempts ? { maxAttempts: extra.maxAttempts } : {}),
      ...(extra.config ? { config: extra.config } : {}),
    });
    running.push(consumer);
    await eventually(() => consumer.running, { what: 'the consumer in its group', timeoutMs: 30000 });
    return consumer;
  };

  it('parks malformed events and events that keep failing, with their reasons, and later events flow', async () => {
    const handled: string[] = [];
    const attempts = new Map<string, number>();
    await consume(async (event) => {
      attempts.set(event.data.text, (attempts.get(event.data.text) ?? 0) + 1);
      if (event.data.text === 'poison') throw new Error('this note cannot be applied');
      handled.push(event.data.text);
    });
    const poison = noted('poison');
    await send(b, 'not json at all');
    await send(b, JSON.stringify({ ...noted('bad'), data: { text: 42 } }));
    await send(b, poison);
    await send(b, noted('after'));

    await eventually(() => handled.includes('after'), {
      what: 'the event after the poison',
      timeoutMs: 30000,
    });
    expect(handled).toEqual(['after']);
    expect(attempts.get('poison')).toBe(5);

    const dead = await readTopic(b.kafka, b.deadLetters);
    running.push(dead);
    await eventually(() => dead.seen.length >= 3, { what: 'three dead letters', timeoutMs: 30000 });
    const reasons = dead.seen.map((message) => header(message, 'dead-letter-reason'));
    expect(reasons[0]).toBe('malformed: not JSON');
    expect(reasons[1]).toMatch(/^invalid: data\.text /);
    expect(reasons[2]).toBe('failed: Error: this note cannot be applied');
    expect(header(dead.seen[2]!, 'original-topic')).toBe(b.topic);
    expect(JSON.parse(dead.seen[2]!.value!.toString()).id).toBe(poison.id);
    const metrics = await metricsRegistry.getSingleMetricAsString('kafka_dead_lettered_events_total');
    expect(metrics).toMatch(/reason="failed"/);
  });

  it('retries a transient failure until it succeeds, and parks nothing', async () => {
    let failures = 0;
    const handled: string[] = [];
    await consume(
      async (event) => {
        if (event.data.text === 'flaky' && failures < 8) {
          failures += 1;
          throw Object.assign(new Error('connection refused'), { name: 'MongoNetworkError' });
        }
        handled.push(event.data.text);
      },
      { maxAttempts: 3 },
    );
    await send(b, noted('flaky'));
    await eventually(() => handled.includes('flaky'), { what: 'the flaky event', timeoutMs: 30000 });
    expect(failures).toBe(8);
    expect(handled).toEqual(['flaky']);
  });

  const consumeBatches = async (handleBatch: (events: Noted[]) => Promise<void>) => {
    const consumer = await startIdempotentConsumer({
      kafka: b.kafka,
      connection,
      groupId: uniqueName('batches'),
      topics: [b.topic],
      schema: ZNoted,
      logger,
      deadLetters: { producer: b.producer, topic: b.deadLetters },
      retryDelayMs: 20,
      dedupe: 'handler',
      handleBatch,
    });
    running.push(consumer);
    await eventually(() => consumer.running, { what: 'the consumer in its group', timeoutMs: 30000 });
    return consumer;
  };

  it('hands a batch handler the events of a fetch together, in order; a batch that keeps failing is handled one event at a time and only the event at fault is parked', async () => {
    const texts = Array.from({ length: 40 }, (_, at) => `note ${at}`);
    const poison = noted('poison');
    // on the topic before the consumer joins: its first fetch brings them together
    await b.producer.send({
      topic: b.topic,
      messages: [
        ...texts.slice(0, 20).map((text) => noted(text)),
        poison,
        ...texts.slice(20).map((text) => noted(text)),
      ]
        .map((event) => ({ key: 'k', value: JSON.stringify(event) }))
        .concat([{ key: 'k', value: 'not json at all' }]),
    });
    const calls: string[][] = [];
    const handled: string[] = [];
    await consumeBatches(async (events) => {
      const batch = events.map((event) => event.data.text);
      calls.push(batch);
      if (batch.includes('poison')) throw new Error('this note cannot be applied');
      handled.push(...batch);
    });
    await eventually(() => handled.length >= texts.length, { what: 'every good note', timeoutMs: 30000 });
    expect(handled).toEqual(texts);
    // the first call had the whole fetch, the malformed message left out
    expect(calls[0]).toEqual([...texts.slice(0, 20), 'poison', ...texts.slice(20)]);
    // then one call an event, the poison as many times as an event is tried (5)
    expect(calls.filter((batch) => batch.length === 1 && batch[0] === 'poison')).toHaveLength(5);

    const dead = await readTopic(b.kafka, b.deadLetters);
    running.push(dead);
    // the dead-letter topic is shared by the tests: this one's letters name its topic
    const ours = () => dead.seen.filter((message) => header(message, 'original-topic') === b.topic);
    await eventually(() => ours().length >= 2, { what: 'two dead letters', timeoutMs: 30000 });
    const reasons = ours().map((message) => header(message, 'dead-letter-reason'));
    expect(reasons).toEqual(['malformed: not JSON', 'failed: Error: this note cannot be applied']);
    expect(JSON.parse(ours()[1]!.value!.toString()).id).toBe(poison.id);
  });

  it('retries a batch that fails for a transient reason as a whole, and parks nothing', async () => {
    let failures = 0;
    const calls: string[][] = [];
    await consumeBatches(async (events) => {
      const batch = events.map((event) => event.data.text);
      if (failures < 4) {
        failures += 1;
        throw Object.assign(new Error('connection refused'), { name: 'MongoNetworkError' });
      }
      calls.push(batch);
    });
    await b.producer.send({
      topic: b.topic,
      messages: ['one', 'two', 'three'].map((text) => ({ key: 'k', value: JSON.stringify(noted(text)) })),
    });
    await eventually(() => calls.flat().length >= 3, { what: 'the three notes', timeoutMs: 30000 });
    expect(failures).toBe(4);
    expect(calls).toEqual([['one', 'two', 'three']]);
  });

  it('survives a handler slower than the session time-out (the member is thrown out of its group)', async () => {
    const handled: string[] = [];
    const groupId = uniqueName('slow');
    // the broker's shortest session (group.min.session.timeout.ms, 6 s), so the slow handler outlasts it sooner
    const sessionMs = 6000;
    const consumer = await consume(
      async (event) => {
        if (event.data.text === 'slow' && !handled.includes('slow')) await sleep(sessionMs + 1500);
        handled.push(event.data.text);
      },
      { groupId, config: { sessionTimeout: sessionMs, rebalanceTimeout: sessionMs } },
    );
    await send(b, noted('slow'));
    await sleep(sessionMs + 2500);
    await send(b, noted('later'));
    await eventually(() => handled.includes('later'), {
      what: 'an event sent after the member was thrown out',
      timeoutMs: 60000,
    });
    await eventually(() => consumer.running, { what: 'the consumer running', timeoutMs: 30000 });
    expect(handled.filter((text) => text === 'later')).toHaveLength(1);
  }, 120000);

  it('starts a new consumer when kafkajs gives up after a non-retriable crash', async () => {
    const handled: string[] = [];
    let crashed = false;
    const consumer = new SupervisedConsumer({
      kafka: b.kafka,
      name: uniqueName('crashy'),
      groupId: uniqueName('crashy'),
      topics: [b.topic],
      fromBeginning: true,
      logger,
      eachMessage: async ({ message }) => {
        const text = JSON.parse(message.value!.toString()).data.text as string;
        if (text === 'crash' && !crashed) {
          crashed = true;
          throw new KafkaJSNonRetriableError('the member is gone');
        }
        handled.push(text);
      },
    });
    await consumer.start();
    running.push(consumer);
    const restarts = async () =>
      (await metricsRegistry.getSingleMetric('kafka_consumer_restarts_total')?.get())?.values.find(
        (value) => value.labels.consumer === consumer.readiness.name,
      )?.value ?? 0;
    await send(b, noted('crash'));
    await send(b, noted('after the crash'));
    await eventually(() => handled.includes('after the crash'), {
      what: 'events after the crash',
      timeoutMs: 30000,
    });
    expect(crashed).toBe(true);
    expect(handled).toEqual(['crash', 'after the crash']);
    expect(await restarts()).toBeGreaterThanOrEqual(1);
    await eventually(() => consumer.running, { what: 'running again' });
  });

  it('carries the request id of the change into the event headers and the handler', async () => {
    const Note = connection.model(
      'Note',
      new Schema({ _id: String, ...outboxSchemaFields }, { versionKey: false, minimize: false }),
    );
    const relay = new OutboxRelay({
      sources: [{ model: Note, topic: b.topic }],
      producer: b.producer,
      logger,
    });
    relay.start();
    running.push(relay);
    const seen: Array<{ text: string; requestId: string | undefined }> = [];
    await startIdempotentConsumer({
      kafka: b.kafka,
      connection,
      groupId: uniqueName('traced'),
      topics: [b.topic],
      schema: ZNoted,
      logger,
      deadLetters: { producer: b.producer, topic: b.deadLetters },
      handle: async (event, context) => {
        seen.push({ text: event.data.text, requestId: context.requestId });
      },
    }).then(async (consumer) => {
      running.push(consumer);
      await eventually(() => consumer.running, { what: 'the consumer in its group', timeoutMs: 30000 });
    });
    const id = randomUUID();
    await runWithContext({ requestId: 'req-trace-4711' }, () =>
      Note.create({ _id: id, ...withInitialEvents([noted('traced', id)]) }),
    );
    relay.notify(Note, id);
    await eventually(() => seen.find((entry) => entry.text === 'traced'), { what: 'the traced event' });
    expect(seen.find((entry) => entry.text === 'traced')?.requestId).toBe('req-trace-4711');
  });
});

describe('consumers after the broker was frozen for 30 s', () => {
  const profile = infraProfile(uniqueName('freeze'));
  let b: Broker;
  let connection: Connection;

  beforeAll(async () => {
    profile.kafkaPort = await reservePort();
    profile.kafkaControllerPort = await reservePort();
    await startKafka(profile);
    b = await broker(`127.0.0.1:${profile.kafkaPort}`);
    connection = await connectMongo({ url: inject('infra').mongoUrl, dbName: uniqueName('freeze') });
  }, 120000);
  afterAll(async () => {
    await b?.producer.disconnect().catch(() => undefined);
    await stopKafka(profile);
    await connection?.dropDatabase();
    await connection?.close();
    rmSync(profile.dir, { recursive: true, force: true });
  }, 60000);

  it('come back by themselves: the group consumer and the snapshot reader handle what follows', async () => {
    const handled: string[] = [];
    const consumer = await startIdempotentConsumer({
      kafka: b.kafka,
      connection,
      groupId: uniqueName('frozen'),
      topics: [b.topic],
      schema: ZNoted,
      logger,
      deadLetters: { producer: b.producer, topic: b.deadLetters },
      handle: async (event) => {
        handled.push(event.data.text);
      },
    });
    const snapshotted: string[] = [];
    const snapshot = new TopicSnapshot({
      kafka: b.kafka,
      topic: b.topic,
      label: uniqueName('frozen-snapshot'),
      schema: ZNoted,
      logger,
      apply: (event) => snapshotted.push(event.data.text),
    });
    await snapshot.start();
    const readiness = snapshot.readinessCheck('notes');
    try {
      await send(b, noted('before'));
      await eventually(() => handled.includes('before') && snapshotted.includes('before'), {
        what: 'the event before the freeze',
        timeoutMs: 30000,
      });

      pauseKafka(profile, true);
      process.stdout.write('[fault] Kafka frozen (SIGSTOP) for 30 s\n');
      try {
        await sleep(30000);
      } finally {
        pauseKafka(profile, false);
      }
      const thawed = Date.now();
      process.stdout.write('[fault] Kafka thawed (SIGCONT)\n');
      await eventually(
        async () => {
          await send(b, noted(`after-${Date.now()}`));
          return true;
        },
        { what: 'the broker accepting writes again', timeoutMs: 60000, intervalMs: 1000 },
      );
      await eventually(
        () => handled.some((t) => t.startsWith('after-')) && snapshotted.some((t) => t.startsWith('after-')),
        { what: 'events after the freeze handled by both', timeoutMs: 90000, intervalMs: 250 },
      );
      await eventually(() => consumer.running, { what: 'the group consumer running', timeoutMs: 60000 });
      await eventually(
        async () => {
          await readiness.check();
          return true;
        },
        {
          what: 'the snapshot ready',
          timeoutMs: 60000,
        },
      );
      process.stdout.write(
        `[fault] both consumers handled new events ${((Date.now() - thawed) / 1000).toFixed(1)} s after the thaw; ` +
          `handled ${handled.length}, snapshot applied ${snapshotted.length}\n`,
      );
    } finally {
      await consumer.stop();
      await snapshot.stop();
    }
  }, 240000);
});
