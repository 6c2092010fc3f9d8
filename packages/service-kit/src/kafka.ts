import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { Logger } from './logger';

export type KafkaOptions = { clientId: string; brokers: string[]; topicPrefix?: string; logger: Logger };

const levelNames: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs with its logs routed to pino and quiet below warnings. */
export function createKafka({ clientId, brokers, logger }: KafkaOptions) {
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...rest } = log;
        kafkaLogger[levelNames[level] ?? 'info'](rest, message);
      },
  });
}

/** Topic names carry an optional prefix so that several stacks can share one broker. */
export const topicName = (prefix: string, topic: string) => `${prefix}${topic}`;

export type TopicRequest = string | { topic: string; compacted?: boolean; retentionMs?: number };

/**
 * Creates missing topics. Compacted topics keep the last event per key forever (a
 * snapshot stream that any consumer can rebuild its state from); the others keep history.
 */
export async function ensureTopics(kafka: Kafka, topics: TopicRequest[], numPartitions = 3) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const requests = topics.map((request) => (typeof request === 'string' ? { topic: request } : request));
    const missing = requests.filter((request) => !existing.has(request.topic));
    if (missing.length > 0) {
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map(({ topic, compacted, retentionMs }) => ({
            topic,
            numPartitions,
            replicationFactor: 1,
            configEntries: [
              ...(compacted
                ? [{ name: 'cleanup.policy', value: retentionMs ? 'compact,delete' : 'compact' }]
                : []),
              ...(retentionMs ? [{ name: 'retention.ms', value: String(retentionMs) }] : []),
            ],
          })),
        });
      } catch (error) {
        // several services start together and race to create the same topics: fine if they now exist
        const now = new Set(await admin.listTopics());
        if (!missing.every(({ topic }) => now.has(topic))) throw error;
      }
    }
    // a topic just created by another process may still be electing its partition leaders
    for (const { topic } of requests) await retry(() => admin.fetchTopicOffsets(topic), 40, 250);
  } finally {
    await admin.disconnect();
  }
}

export function createProducer(kafka: Kafka): Producer {
  return kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
    retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2000 },
  });
}

/** A readiness probe that answers within `timeoutMs` whether a broker responds to a metadata request. */
export function kafkaProbe(kafka: Kafka, timeoutMs = 2000) {
  const admin = kafka.admin({ retry: { retries: 0 } });
  let connected = false;
  return async () => {
    const attempt = (async () => {
      if (!connected) {
        await admin.connect();
        connected = true;
      }
      await admin.describeCluster();
    })();
    try {
      await withTimeout(attempt, timeoutMs, 'Kafka did not answer');
    } catch (error) {
      connected = false;
      await admin.disconnect().catch(() => undefined);
      throw error;
    }
  };
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` until it succeeds, `attempts` times at most, `delayMs` apart. */
export async function retry<T>(work: () => Promise<T>, attempts: number, delayMs: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
