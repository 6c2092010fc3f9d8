import { deadLettersTopic, type EventMeta, sessionsTopic, topicDeclaration } from '@meritmatch/contracts';
import type { JWTVerifyGetKey } from 'jose';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { type AggregateStoreOptions, createAggregateStore, type Versioned } from './aggregate-store';
import type { ReadinessCheck } from './app';
import { createTokenVerifier } from './auth';
import { type IdempotentConsumerOptions, type RunningConsumer, startIdempotentConsumer } from './consumer';
import { createKafka, createProducer, ensureTopics, kafkaProbe, topicName } from './kafka';
import type { Logger } from './logger';
import { connectMongo, pingMongo } from './mongo';
import { type AnyModel, OutboxRelay } from './outbox';
import { TopicSnapshot } from './topic-snapshot';
import { UserStatusRegistry } from './user-status';
import { type WriteGuard, writeGuardFor } from './write-guard';

export type PlatformEnv = {
  MONGO_URL: string;
  MONGO_DB?: string | undefined;
  KAFKA_BROKERS: string[];
  KAFKA_TOPIC_PREFIX: string;
};

/** A topic a service writes or reads, by its declared name (`compacted` is the declaration's business; kept for callers). */
export type TopicSpec = { name: string; compacted?: boolean };

export type Platform = {
  connection: Connection;
  kafka: Kafka;
  producer: Producer;
  /** The full topic name for a logical topic (with the stack's prefix). */
  topic: (name: string) => string;
  /** A consumer group name, prefixed like the topics so that stacks sharing a broker stay apart. */
  group: (name: string) => string;
  /** MongoDB, Kafka and every consumer and snapshot started through the platform. */
  readiness: ReadinessCheck[];
  /** How writers of one document take turns on this database (see write-guard.ts). */
  guard: WriteGuard;
  /**
   * The aggregate store of one collection whose events go to a logical topic: the
   * platform's outbox relay publishes them (it starts with the first store). Without a
   * topic, an aggregate whose changes publish nothing (its decisions name no events).
   */
  aggregateStore: <S extends Versioned>(
    options: Omit<AggregateStoreOptions<S>, 'relay' | 'guard'> & { topic?: string },
  ) => ReturnType<typeof createAggregateStore<S>>;
  /** Publishes the outbox of a collection that is not written through an aggregate store. */
  publishOutbox: (model: AnyModel, topic: string) => OutboxRelay;
  /** Something to stop when the platform closes (before its connections close). */
  onClose: (stop: () => Promise<void>) => void;
  /**
   * Starts an idempotent consumer group (named `name` within the service) on logical topics,
   * parking what it cannot handle in the dead-letter topic; it joins `readiness` and `close`.
   */
  consume: <S extends z.ZodType<EventMeta>>(
    options: { name: string; topics: string[] } & Pick<
      IdempotentConsumerOptions<S>,
      'schema' | 'handle' | 'dedupe' | 'fromBeginning' | 'maxAttempts'
    >,
  ) => Promise<RunningConsumer>;
  /** Reads a whole (compacted) logical topic into memory; it joins `readiness` and `close`. */
  snapshot: <S extends z.ZodType<EventMeta>>(options: {
    name: string;
    topic: string;
    schema: S;
    apply: (event: z.output<S>) => void;
  }) => Promise<TopicSnapshot<S>>;
  close: () => Promise<void>;
};

/** Topics every process needs beside its own: dead letters, and ended sessions for token checks. */
export const platformTopicNames = [deadLettersTopic, sessionsTopic];

/**
 * Connects a service to its own database and to Kafka, creates the topics it writes or
 * reads, and answers the readiness checks for `/ready`. Fails with one clear sentence
 * when MongoDB or Kafka cannot be reached.
 */
export async function connectPlatform({
  service,
  env,
  logger,
  topics,
}: {
  service: string;
  env: PlatformEnv;
  logger: Logger;
  topics: TopicSpec[];
}): Promise<Platform> {
  const connection = await connectMongo({
    url: env.MONGO_URL,
    dbName: env.MONGO_DB ?? `meritmatch_${service}`,
  });
  const kafka = createKafka({ clientId: service, brokers: env.KAFKA_BROKERS, logger });
  const topic = (name: string) => topicName(env.KAFKA_TOPIC_PREFIX, name);
  try {
    await ensureTopics(
      kafka,
      [...topics.map((spec) => spec.name), ...platformTopicNames].map((name) => ({
        topic: topic(name),
        declaration: topicDeclaration(name),
      })),
    );
  } catch (error) {
    await connection.close();
    const reason = error instanceof Error ? error.message : String(error);
    if (reason.startsWith("the broker's topics")) throw error;
    throw new Error(`cannot reach Kafka at ${env.KAFKA_BROKERS.join(',')}: ${reason}`);
  }
  const producer = createProducer(kafka);
  await producer.connect();
  const probe = kafkaProbe(kafka);
  const guard = await writeGuardFor(connection);
  let relay: OutboxRelay | undefined;
  const publishOutbox = (model: AnyModel, logicalTopic: string) => {
    if (!relay) {
      relay = new OutboxRelay({ sources: [], producer, logger, guard });
      relay.start();
    }
    relay.addSource({ model, topic: topic(logicalTopic) });
    return relay;
  };
  const group = (name: string) => `${env.KAFKA_TOPIC_PREFIX}${service}.${name}`;
  const readiness: ReadinessCheck[] = [
    { name: 'mongodb', check: () => pingMongo(connection) },
    { name: 'kafka', check: probe },
  ];
  const stoppers: Array<() => Promise<void>> = [];
  return {
    connection,
    kafka,
    producer,
    topic,
    group,
    readiness,
    guard,
    publishOutbox,
    aggregateStore: ({ topic: logicalTopic, ...options }) =>
      createAggregateStore({
        ...options,
        relay: logicalTopic ? publishOutbox(options.model, logicalTopic) : { notify: () => undefined },
        guard,
      }),
    onClose: (stop) => {
      stoppers.push(stop);
    },
    async consume({ name, topics: logicalTopics, ...rest }) {
      const consumer = await startIdempotentConsumer({
        kafka,
        connection,
        logger,
        groupId: group(name),
        topics: logicalTopics.map(topic),
        deadLetters: { producer, topic: topic(deadLettersTopic) },
        ...rest,
      });
      readiness.push(consumer.readiness);
      stoppers.push(() => consumer.stop());
      return consumer;
    },
    async snapshot({ name, topic: logicalTopic, schema, apply }) {
      const snapshot = new TopicSnapshot({
        kafka,
        topic: topic(logicalTopic),
        label: group(name),
        schema,
        apply,
        logger,
      });
      await snapshot.start();
      readiness.push(snapshot.readinessCheck(name));
      stoppers.push(() => snapshot.stop());
      return snapshot;
    },
    close: async () => {
      await Promise.all(stoppers.splice(0).map((stop) => stop().catch(() => undefined)));
      await relay?.stop();
      await producer.disconnect().catch(() => undefined);
      await connection.close().catch(() => undefined);
    },
  };
}

/**
 * The user-status registry (from the `users` topic) and a token verifier that uses it:
 * what a service needs to check tokens itself, so that a call which bypasses the
 * gateway gains nothing. The registry joins the platform's readiness and close.
 */
export async function startAuthentication({
  platform,
  service,
  logger,
  jwks,
  usersTopic,
}: {
  platform: Platform;
  service: string;
  logger: Logger;
  jwks: URL | JWTVerifyGetKey;
  usersTopic: string;
}) {
  const statuses = new UserStatusRegistry({
    kafka: platform.kafka,
    topic: platform.topic(usersTopic),
    sessionsTopic: platform.topic(sessionsTopic),
    service,
    logger,
  });
  await statuses.start();
  platform.readiness.push(statuses.readiness);
  platform.onClose(() => statuses.stop());
  const verifyToken = createTokenVerifier({ jwks, statuses });
  return { statuses, verifyToken };
}

export const jwksUrlOf = (authUrl: string) => new URL('/.well-known/jwks.json', authUrl);
