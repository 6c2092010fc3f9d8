import type { TopicDeclaration } from '@meritmatch/contracts';
import kafkajs, { type Admin, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';

// kafkajs is CommonJS: node's ESM loader sees this export only through the default import
const { ConfigResourceTypes } = kafkajs;

import type { Logger } from '../core/logger';
import { isTransient } from '../store/transient';
import { fixKafkajsRequestQueue } from './kafkajs-request-queue';

export type KafkaOptions = { clientId: string; brokers: string[]; topicPrefix?: string; logger: Logger };

const levelNames: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * The broker's answers that mean a partition's leader is still being settled, right after a topic
 * is created or while leadership moves. kafkajs logs each answer as an error and asks again; what
 * still fails after its retries reaches our own code, which says so.
 */
const settlingLeadership = new Set([
  'This server does not host this topic-partition',
  'This server is not the leader for that topic-partition',
  'There is no leader for this topic-partition as we are in the middle of a leadership election',
]);

/**
 * The level a kafkajs log is written at. A topic that another process created a moment before is
 * an error of the broker's answer to kafkajs ("Topic creation errors"), but not to us: every start
 * of several services races to create the same topics, and ensureTopics checks every topic after
 * creating them. A new topic's leaders are settled the same way. Both are info, and a healthy
 * start logs nothing at error level.
 */
export function kafkajsLogLevel(
  level: number,
  log: { error?: unknown; [field: string]: unknown },
): 'error' | 'warn' | 'info' | 'debug' {
  if (log.error === 'Topic creation errors') return 'info';
  if (typeof log.error === 'string' && settlingLeadership.has(log.error)) return 'info';
  return levelNames[level] ?? 'info';
}

/** kafkajs with its logs routed to pino and quiet below warnings. */
export function createKafka({ clientId, brokers, logger }: KafkaOptions) {
  // before any client connects: kafkajs's idle connections otherwise spin a 1 ms timer each
  fixKafkajsRequestQueue();
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
        kafkaLogger[kafkajsLogLevel(level, log)](rest, message);
      },
  });
}

/** Topic names carry an optional prefix so that several stacks can share one broker. */
export const topicName = (prefix: string, topic: string) => `${prefix}${topic}`;

/** A topic by its full name (with the stack's prefix) and the declaration it must match. */
export type TopicRequest = { topic: string; declaration: TopicDeclaration };

/** What a topic is: a broker that holds another policy refuses the start (a snapshot would be lost). */
const fixedEntriesOf = (declaration: TopicDeclaration) => [
  { name: 'cleanup.policy', value: declaration.cleanupPolicy },
];

/** How often a segment rolls: neither compaction nor retention ever touches the active one. */
const segmentMsFor = (declaration: TopicDeclaration) =>
  declaration.compactedWithinMs !== undefined
    ? Math.max(60_000, Math.floor(declaration.compactedWithinMs / 4))
    : declaration.segmentMs;

/**
 * How long values stay: retention, and the settings that bound how long a replaced or expired
 * value stays (an erased person's). A broker that holds others is brought to these at start.
 */
export const settableEntriesOf = (declaration: TopicDeclaration) => {
  const segmentMs = segmentMsFor(declaration);
  return [
    { name: 'retention.ms', value: String(declaration.retentionMs) },
    ...(declaration.compactedWithinMs !== undefined
      ? [{ name: 'max.compaction.lag.ms', value: String(declaration.compactedWithinMs) }]
      : []),
    ...(segmentMs !== undefined ? [{ name: 'segment.ms', value: String(segmentMs) }] : []),
  ];
};

const configEntriesOf = (declaration: TopicDeclaration) => [
  ...fixedEntriesOf(declaration),
  ...settableEntriesOf(declaration),
];

/**
 * Creates missing topics as declared, then checks every topic against its declaration
 * (partitions, cleanup policy, retention) and fails, naming each difference, when the broker
 * holds something else: a topic that is not compacted would lose the snapshots that
 * projections are rebuilt from.
 */
export async function ensureTopics(kafka: Kafka, requests: TopicRequest[], attempts = 6) {
  // a broker that just created a topic may not know it everywhere yet ("does not host this
  // topic-partition"): a retriable answer is tried again, anything else is final
  for (let attempt = 1; ; attempt++) {
    try {
      return await ensureTopicsOnce(kafka, requests);
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function ensureTopicsOnce(kafka: Kafka, requests: TopicRequest[]) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = requests.filter((request) => !existing.has(request.topic));
    if (missing.length > 0) {
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: missing.map(({ topic, declaration }) => ({
            topic,
            numPartitions: declaration.partitions,
            replicationFactor: -1,
            configEntries: configEntriesOf(declaration),
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
    const { differences, toSet } = await topicDifferences(admin, requests);
    if (differences.length > 0) {
      throw new Error(
        `the broker's topics differ from their declarations: ${differences.join('; ')} (align the topic with kafka-topics.sh / kafka-configs.sh --alter, see the README's Operations)`,
      );
    }
    // how long values stay is the declaration's: a topic made before it is brought to it
    if (toSet.length > 0) {
      await admin.alterConfigs({
        validateOnly: false,
        resources: toSet.map(({ topic, declaration }) => ({
          type: ConfigResourceTypes.TOPIC,
          name: topic,
          // the whole set of the topic's settings: an alteration replaces them all
          configEntries: configEntriesOf(declaration),
        })),
      });
    }
    return { altered: toSet.map(({ topic }) => topic) };
  } finally {
    await admin.disconnect();
  }
}

async function topicDifferences(admin: Admin, requests: TopicRequest[]) {
  const metadata = await admin.fetchTopicMetadata({ topics: requests.map(({ topic }) => topic) });
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: requests.map(({ topic }) => ({
      type: ConfigResourceTypes.TOPIC,
      name: topic,
      configNames: ['cleanup.policy', 'retention.ms', 'max.compaction.lag.ms', 'segment.ms'],
    })),
  });
  const differences: string[] = [];
  const toSet: TopicRequest[] = [];
  for (const { topic, declaration } of requests) {
    const partitions = metadata.topics.find((entry) => entry.name === topic)?.partitions.length;
    if (partitions !== declaration.partitions) {
      differences.push(`${topic} has ${partitions} partitions, declared ${declaration.partitions}`);
    }
    const configs =
      described.resources.find((resource) => resource.resourceName === topic)?.configEntries ?? [];
    for (const { name, value } of fixedEntriesOf(declaration)) {
      const actual = configs.find((entry) => entry.configName === name)?.configValue;
      if (actual !== value) differences.push(`${topic} has ${name}=${actual}, declared ${value}`);
    }
    const settableDiffers = settableEntriesOf(declaration).some(
      ({ name, value }) => configs.find((entry) => entry.configName === name)?.configValue !== value,
    );
    if (settableDiffers) toSet.push({ topic, declaration });
  }
  return { differences, toSet };
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
