import { eventSchema, personalDataReadsTopic } from '@meritmatch/contracts';
import { eventually, uniqueName } from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildEvent } from '../core/events';
import { createLogger } from '../core/logger';
import { runWithContext } from '../core/request-context';
import { connectPlatform, type Platform } from './platform';
import { createRecordLog } from './record-log';

const ZNoteRead = eventSchema('note.read', 1, z.object({ noteId: z.string() }));
type Note = { _id: string; text: string };

describe('the record log: records only ever inserted, with their events', () => {
  let platform: Platform;
  let consumer: Consumer;
  let log: ReturnType<typeof createRecordLog<Note>>;
  // a declared topic (the record log's own use), under this run's own prefix
  const topic = personalDataReadsTopic;
  const published: string[] = [];
  const outbox = () => platform.connection.collection('note_reads_outbox');
  const records = () => platform.connection.collection('note_reads');

  beforeAll(async () => {
    const { mongoUrl, kafkaBrokers } = inject('infra');
    const prefix = `${uniqueName('record-log')}.`;
    platform = await connectPlatform({
      service: 'record-log-test',
      env: {
        MONGO_URL: mongoUrl,
        MONGO_DB: uniqueName('record_log'),
        KAFKA_BROKERS: kafkaBrokers.split(','),
        KAFKA_TOPIC_PREFIX: prefix,
      },
      logger: createLogger('record-log-test', 'silent'),
      topics: [{ name: topic }],
    });
    log = createRecordLog<Note>({
      platform,
      collection: 'note_reads',
      topic,
      // moved on by the test itself
      archiveEveryMs: 3_600_000,
      eventsOf: (note) => [
        buildEvent(ZNoteRead, {
          type: 'note.read',
          version: 1,
          aggregateId: note._id,
          source: 'record-log-test',
          data: { noteId: note._id },
        }),
      ],
    });
    // the link may still be creating the topic in the background: subscribing before it exists
    // is answered "does not host this topic-partition"
    await platform.kafkaLinked;
    consumer = platform.kafka.consumer({ groupId: uniqueName('record-log-test'), maxWaitTimeInMs: 500 });
    await consumer.connect();
    await consumer.subscribe({ topic: platform.topic(topic), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => void published.push(message.value!.toString()),
    });
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await platform?.connection.dropDatabase();
    await platform?.close();
  });

  it('publishes a record, then moves it on to the collection that only grows, once', async () => {
    await log.add({ _id: 'n-1', text: 'first' });
    expect(await outbox().countDocuments({ _id: 'n-1' as never })).toBe(1);
    await eventually(async () => published.some((event) => event.includes('"noteId":"n-1"')), {
      what: 'the event on Kafka',
    });
    await eventually(async () => (await log.moveOn()) > 0 || (await outbox().countDocuments()) === 0, {
      what: 'the record moved on',
    });
    expect(await outbox().countDocuments()).toBe(0);
    expect(await records().find({}).toArray()).toEqual([{ _id: 'n-1', text: 'first' }]);

    // a crash between moving and removing leaves it in both: it is not doubled
    await outbox().insertOne({
      _id: 'n-1' as never,
      text: 'first',
      _outboxPending: false,
      _outboxCount: 0,
      _outbox: [],
    });
    expect(await log.moveOn()).toBe(1);
    expect(await outbox().countDocuments()).toBe(0);
    expect(await records().countDocuments()).toBe(1);
  });

  it('writes nothing once the caller has stopped waiting', async () => {
    await expect(
      runWithContext({ requestId: 'r-1', deadline: Date.now() - 1 }, () =>
        log.add({ _id: 'n-2', text: 'late' }),
      ),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await outbox().countDocuments({ _id: 'n-2' as never })).toBe(0);
  });
});
