import { eventually, scratchTopic, uniqueName } from '@meritmatch/testkit';
import kafkajs from 'kafkajs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../core/logger';
import { createKafka, createProducer, ensureTopics } from './kafka';

/** kafkajs 2.2.4 against the real local broker: topics, producing, consuming in a group. */
describe('kafkajs against the local Kafka broker', () => {
  const logger = createLogger('kafka-compat', 'silent');
  const kafka = createKafka({ clientId: 'compat', brokers: inject('infra').kafkaBrokers.split(','), logger });
  const toClose: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of toClose) await close();
  });

  it('creates topics as declared, idempotently', async () => {
    const request = scratchTopic('compat-topics');
    request.declaration.cleanupPolicy = 'compact';
    await ensureTopics(kafka, [request]);
    await ensureTopics(kafka, [request]);
    const admin = kafka.admin();
    await admin.connect();
    toClose.push(() => admin.disconnect());
    const metadata = await admin.fetchTopicMetadata({ topics: [request.topic] });
    expect(metadata.topics[0]?.partitions).toHaveLength(3);
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [
        {
          type: kafkajs.ConfigResourceTypes.TOPIC,
          name: request.topic,
          configNames: ['cleanup.policy', 'retention.ms'],
        },
      ],
    });
    expect(Object.fromEntries(resources[0]!.configEntries.map((e) => [e.configName, e.configValue]))).toEqual(
      {
        'cleanup.policy': 'compact',
        'retention.ms': '-1',
      },
    );
  });

  it('refuses a topic on the broker that differs from its declaration', async () => {
    const request = scratchTopic('compat-drift');
    const admin = kafka.admin();
    await admin.connect();
    toClose.push(() => admin.disconnect());
    // not `waitForLeaders`: kafkajs waits through "leader not available" only, and a broker that
    // does not know the new topic yet answers "does not host this topic-partition", which failed
    // this test once; `ensureTopics` waits for the topic's leaders itself, as it does at a start
    await admin.createTopics({ topics: [{ topic: request.topic, numPartitions: 1 }] });
    request.declaration.cleanupPolicy = 'compact';
    const refused = ensureTopics(kafka, [request]);
    await expect(refused).rejects.toThrow(`${request.topic} has 1 partitions, declared 3`);
    await expect(ensureTopics(kafka, [request])).rejects.toThrow(
      `${request.topic} has cleanup.policy=delete, declared compact`,
    );
  });

  it('produces and consumes in a consumer group, keeping per-key order and committing offsets', async () => {
    const { topic, declaration } = scratchTopic('compat-flow');
    const groupId = uniqueName('compat-group');
    await ensureTopics(kafka, [{ topic, declaration }]);
    const producer = createProducer(kafka);
    await producer.connect();
    toClose.push(() => producer.disconnect());
    const messages = Array.from({ length: 30 }, (_, i) => ({ key: `k${i % 3}`, value: String(i) }));
    await producer.send({ topic, acks: -1, messages });

    const received: Array<{ key: string; value: number }> = [];
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 500 });
    toClose.push(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          received.push({ key: message.key!.toString(), value: Number(message.value!.toString()) });
          if (received.length === messages.length) resolve();
        },
      });
    });
    await done;
    for (const key of ['k0', 'k1', 'k2']) {
      const values = received.filter((m) => m.key === key).map((m) => m.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values).toHaveLength(10);
    }

    const admin = kafka.admin();
    await admin.connect();
    toClose.push(() => admin.disconnect());
    const committed = async () => {
      const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
      return offsets[0]!.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    };
    await eventually(async () => (await committed()) === messages.length, { what: 'all offsets committed' });
    await consumer.disconnect();
    expect(await committed()).toBe(messages.length);
  });
});
