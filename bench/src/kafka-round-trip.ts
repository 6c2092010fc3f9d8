import { randomUUID } from 'node:crypto';
import { createKafka, createLogger, createProducer, ensureTopics } from '@meritmatch/service-kit';
import { eventually, scratchTopic, uniqueName } from '@meritmatch/testkit';

/** Polls `probe` tightly until it returns true; answers the time it took. */
export async function timeUntil(probe: () => Promise<boolean>, timeoutMs = 10000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('timed out');
}

/** The bare broker: one message produced and seen by a consumer group, on the same machine, same run. */
export async function bareKafka(brokers: string, count: number) {
  const kafka = createKafka({
    clientId: 'bench-bare',
    brokers: brokers.split(','),
    logger: createLogger('bench', 'silent'),
  });
  const { topic, declaration } = scratchTopic('bench-bare');
  await ensureTopics(kafka, [{ topic, declaration }]);
  const producer = createProducer(kafka);
  await producer.connect();
  const consumer = kafka.consumer({ groupId: uniqueName('bench-bare') });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const seen = new Map<string, number>();
  await consumer.run({
    eachMessage: async ({ message }) => void seen.set(message.value!.toString(), performance.now()),
  });
  await eventually(
    async () => {
      await producer.send({ topic, messages: [{ key: 'warm', value: `warm-${randomUUID()}` }] });
      return seen.size > 0;
    },
    { what: 'the consumer assigned', timeoutMs: 30000, intervalMs: 500 },
  );
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = randomUUID();
    const sent = performance.now();
    await producer.send({ topic, acks: -1, messages: [{ key: value, value }] });
    await timeUntil(async () => seen.has(value));
    samples.push(seen.get(value)! - sent);
  }
  await consumer.disconnect();
  await producer.disconnect();
  return samples;
}
