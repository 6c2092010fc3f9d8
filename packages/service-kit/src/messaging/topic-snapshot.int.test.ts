import { randomUUID } from 'node:crypto';
import { eventSchema } from '@meritmatch/contracts';
import { eventually, scratchTopic, uniqueName } from '@meritmatch/testkit';
import type { Kafka, Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildEvent } from '../core/events';
import { createLogger } from '../core/logger';
import { createKafka, createProducer, ensureTopics } from './kafka';
import { TopicSnapshot } from './topic-snapshot';

const ZCounted = eventSchema('count.set', 1, z.strictObject({ key: z.string(), count: z.number().int() }));
type Counted = z.infer<typeof ZCounted>;
const logger = createLogger('snapshot-test', process.env.TEST_LOG ?? 'silent');

const counted = (key: string, count: number): Counted =>
  buildEvent(ZCounted, {
    type: 'count.set',
    version: 1,
    aggregateId: key,
    data: { key, count },
    source: 'test',
  });

describe('a topic snapshot', () => {
  let kafka: Kafka;
  let producer: Producer;

  beforeAll(async () => {
    kafka = createKafka({
      clientId: 'snapshot-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger,
    });
    producer = createProducer(kafka);
    await producer.connect();
  });
  afterAll(async () => {
    await producer?.disconnect();
  });

  it('reads the whole topic in batches, in order per key, skips what it cannot read, and follows what comes after', async () => {
    const { topic, declaration } = scratchTopic('counts');
    await ensureTopics(kafka, [{ topic, declaration }]);
    // 300 keys, each set 20 times: 6,000 events, several batches a partition, each over the
    // thousand events after which a batch's reader keeps its session alive
    const keys = Array.from({ length: 300 }, () => randomUUID());
    for (let round = 1; round <= 20; round++) {
      await producer.send({
        topic,
        messages: keys.map((key) => ({ key, value: JSON.stringify(counted(key, round)) })),
      });
      if (round === 10)
        await producer.send({
          topic,
          messages: [
            { key: keys[0], value: 'not json' },
            { key: keys[1], value: JSON.stringify({ ...counted(keys[1]!, 99), type: 'something.else' }) },
          ],
        });
    }
    const latest = new Map<string, number>();
    let applied = 0;
    let outOfOrder = 0;
    const snapshot = new TopicSnapshot({
      kafka,
      topic,
      label: uniqueName('counts'),
      schema: ZCounted,
      logger,
      apply: ({ data }) => {
        applied += 1;
        if ((latest.get(data.key) ?? 0) >= data.count) outOfOrder += 1;
        latest.set(data.key, data.count);
      },
    });
    const readiness = snapshot.readinessCheck('counts');
    await snapshot.start();
    try {
      expect(await snapshot.whenReady(60000)).toBe(true);
      // ready only once every event that was there at the start is applied
      expect(applied).toBeGreaterThanOrEqual(6000);
      expect(outOfOrder).toBe(0);
      expect(keys.every((key) => latest.get(key) === 20)).toBe(true);
      await expect(readiness.check()).resolves.toBeUndefined();

      // after the start: a change is applied as it comes
      await producer.send({
        topic,
        messages: [{ key: keys[2], value: JSON.stringify(counted(keys[2]!, 21)) }],
      });
      await eventually(() => latest.get(keys[2]!) === 21, {
        what: 'the later change applied',
        timeoutMs: 30000,
      });
    } finally {
      await snapshot.stop();
    }
  }, 120000);

  it('is not ready while it has not read to the end of the topic, and says so', async () => {
    const { topic, declaration } = scratchTopic('counts-slow');
    await ensureTopics(kafka, [{ topic, declaration }]);
    await producer.send({ topic, messages: [{ key: 'a', value: JSON.stringify(counted('a', 1)) }] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const snapshot = new TopicSnapshot({
      kafka,
      topic,
      label: uniqueName('counts-slow'),
      schema: ZCounted,
      logger,
      apply: () => undefined,
      // reading waits for the link to Kafka, as a process's start does
      startAfter: held,
    });
    await snapshot.start();
    try {
      expect(snapshot.ready).toBe(false);
      await expect(snapshot.readinessCheck('counts').check()).rejects.toThrow('waiting for Kafka');
      release();
      expect(await snapshot.whenReady(60000)).toBe(true);
    } finally {
      await snapshot.stop();
    }
  }, 120000);
});
