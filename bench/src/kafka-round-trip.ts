import { randomUUID } from 'node:crypto';
import { createKafka, createLogger, createProducer, ensureTopics } from '@meritmatch/service-kit';
import { eventually, scratchTopic, uniqueName } from '@meritmatch/testkit';

/** Now on the epoch clock (ms), to the fraction that `performance` gives. */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Polls `probe` tightly (every `everyMs`) until it returns true; answers when (epoch ms) the probe
 * that returned true began and when it answered.
 */
async function pollUntil(probe: () => Promise<boolean>, timeoutMs: number, everyMs: number) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const began = epochNow();
    if (await probe()) return { began, answered: epochNow() };
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('timed out');
}

/** Polls `probe` until it returns true; answers the time it took. */
export async function timeUntil(probe: () => Promise<boolean>, timeoutMs = 10000) {
  const started = epochNow();
  return (await pollUntil(probe, timeoutMs, 2)).answered - started;
}

/**
 * Polls `probe` until it returns true; answers when (epoch ms) the probe that returned true
 * began: what it found was there then, give or take its snapshot, so the time leaves out that
 * probe's own read.
 */
export async function firstSeen(probe: () => Promise<boolean>, timeoutMs = 10000) {
  return (await pollUntil(probe, timeoutMs, 1)).began;
}

/** A kafkajs client of the bench on the test broker, with the kit's settings and no logs. */
const benchKafka = (brokers: string, clientId: string) =>
  createKafka({ clientId, brokers: brokers.split(','), logger: createLogger('bench', 'silent') });

/**
 * Watches a topic of the product from its start with a consumer group of its own (the services'
 * groups are left alone), and answers each message when it is seen: `seen(key)` resolves with
 * the first message whose `match` gives that key.
 */
export async function watchTopic(
  brokers: string,
  topic: string,
  match: (value: string) => string | undefined,
) {
  const consumer = benchKafka(brokers, 'bench-watch').consumer({ groupId: uniqueName('bench-watch') });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const found = new Map<string, string>();
  const waiting = new Map<string, (value: string) => void>();
  await consumer.run({
    eachMessage: async ({ message }) => {
      const value = message.value?.toString() ?? '';
      const key = match(value);
      if (key === undefined || found.has(key)) return;
      found.set(key, value);
      waiting.get(key)?.(value);
    },
  });
  return {
    seen: (key: string) =>
      new Promise<string>((resolve) => {
        const value = found.get(key);
        if (value !== undefined) resolve(value);
        else waiting.set(key, resolve);
      }),
    stop: () => consumer.disconnect(),
  };
}

/** The bare broker: one message produced and seen by a consumer group, on the same machine, same run. */
export async function bareKafka(brokers: string, count: number) {
  const kafka = benchKafka(brokers, 'bench-bare');
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
