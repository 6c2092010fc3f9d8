import { deadLettersTopic, type EventMeta, sessionsTopic, topicDeclaration } from '@meritmatch/contracts';
import type { JWTVerifyGetKey } from 'jose';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { Logger } from '../core/logger';
import type { ReadinessCheck } from '../core/readiness';
import type { Versioned } from '../core/versioned';
import { createTokenVerifier, type TokenConfirmation } from '../http/auth';
import {
  type EventHandling,
  type IdempotentConsumerOptions,
  type RunningConsumer,
  startIdempotentConsumer,
} from '../messaging/consumer';
import { createKafka, createProducer, topicName } from '../messaging/kafka';
import { KafkaLink } from '../messaging/kafka-link';
import { TopicSnapshot } from '../messaging/topic-snapshot';
import { UserStatusRegistry } from '../messaging/user-status';
import { type AggregateStoreOptions, createAggregateStore } from '../store/aggregate-store';
import { connectMongo, pingMongo } from '../store/mongo';
import { type AnyModel, OutboxRelay } from '../store/outbox';
import { type WriteGuard, writeGuardFor } from '../store/write-guard';

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
  /** Resolves once Kafka was reached: topics checked, producer connected (kafka-link.ts). */
  kafkaLinked: Promise<void>;
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
    options: { name: string; topics: string[] } & EventHandling<S> &
      Pick<IdempotentConsumerOptions<S>, 'schema' | 'fromBeginning' | 'maxAttempts'>,
  ) => Promise<RunningConsumer>;
  /** Reads a whole (compacted) logical topic into memory; it joins `readiness` and `close`. */
  snapshot: <S extends z.ZodType<EventMeta>>(options: {
    name: string;
    topic: string;
    schema: S;
    apply: (event: z.output<S>) => void;
    /**
     * What it means for `/ready` while the topic is not read yet: `not-ready` (the default) for
     * state the process cannot answer without, `degraded` for state it can do without for a while.
     */
    impact?: ReadinessCheck['impact'];
  }) => Promise<TopicSnapshot<S>>;
  close: () => Promise<void>;
};

/** How long a start waits for Kafka before it goes on without it (and connects in the background). */
export const kafkaStartWaitMs = 5000;

/**
 * The producer as the relay sees it: sending before the link is up (topics checked) fails at
 * once, and the events stay in the outbox until the link is up.
 */
function linkedProducer(producer: Producer, link: KafkaLink): Producer {
  return {
    ...producer,
    send: async (record) => {
      if (!link.isConnected) throw new Error('Kafka is not connected yet');
      return producer.send(record);
    },
  };
}

/** The longest one step of a platform's close waits (a consumer's leave, the producer, the database). */
const closeStepMs = 3000;

/** Waits for `work` at most `ms`; a failure or a step that takes longer is let go. */
async function within(ms: number, work: Promise<unknown> | undefined) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.resolve(work).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** Topics every process needs beside its own: dead letters, and ended sessions for token checks. */
export const platformTopicNames = [deadLettersTopic, sessionsTopic];

/**
 * Connects a service to its own database and to Kafka, creates the topics it writes or
 * reads, and answers the readiness checks for `/ready`. Fails with one clear sentence when
 * MongoDB cannot be reached, or when the broker's topics differ from their declarations. A
 * broker that does not answer within `kafkaStartWaitMs` does not hold the start up: the
 * process serves what needs only its database, `/ready` names Kafka as degraded, and the
 * relay, consumers and snapshots start once the link is up (kafka-link.ts).
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
  const producer = createProducer(kafka);
  const link = new KafkaLink({
    kafka,
    producer,
    brokers: env.KAFKA_BROKERS,
    logger,
    topics: [...topics.map((spec) => spec.name), ...platformTopicNames].map((name) => ({
      topic: topic(name),
      declaration: topicDeclaration(name),
    })),
  });
  try {
    // a broker that answers is waited for; one that does not is connected to in the background
    await link.start(kafkaStartWaitMs);
  } catch (error) {
    await connection.close();
    throw error;
  }
  const guard = await writeGuardFor(connection);
  let relay: OutboxRelay | undefined;
  const publishOutbox = (model: AnyModel, logicalTopic: string) => {
    if (!relay) {
      const started = new OutboxRelay({
        sources: [],
        producer: linkedProducer(producer, link),
        logger,
        guard,
      });
      started.start();
      // what waited in the outbox while the link was down leaves at once
      void link.connected.then(() => started.drainAll().catch(() => undefined));
      relay = started;
    }
    relay.addSource({ model, topic: topic(logicalTopic) });
    return relay;
  };
  const group = (name: string) => `${env.KAFKA_TOPIC_PREFIX}${service}.${name}`;
  const readiness: ReadinessCheck[] = [
    { name: 'mongodb', check: () => pingMongo(connection) },
    ...link.readiness(),
  ];
  const stoppers: Array<() => Promise<void>> = [];
  return {
    connection,
    kafka,
    producer,
    topic,
    group,
    readiness,
    kafkaLinked: link.connected,
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
        startAfter: link.connected,
        ...rest,
      });
      readiness.push(consumer.readiness);
      stoppers.push(() => consumer.stop());
      return consumer;
    },
    async snapshot({ name, topic: logicalTopic, schema, apply, impact }) {
      const snapshot = new TopicSnapshot({
        kafka,
        topic: topic(logicalTopic),
        label: group(name),
        schema,
        apply,
        logger,
        startAfter: link.connected,
      });
      await snapshot.start();
      readiness.push(
        { ...snapshot.readinessCheck(name), ...(impact ? { impact } : {}) },
        snapshot.consumerCheck(name),
      );
      stoppers.push(() => snapshot.stop());
      return snapshot;
    },
    close: async () => {
      link.stop();
      // a stalled broker does not answer a consumer's leave or a producer's disconnect: each step
      // of the close gets a few seconds, so that a process stops in time whatever is stalled
      await Promise.all(stoppers.splice(0).map((stop) => within(closeStepMs, stop())));
      await within(closeStepMs, relay?.stop());
      await within(closeStepMs, producer.disconnect());
      await within(closeStepMs, connection.close());
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
  confirm,
}: {
  platform: Platform;
  service: string;
  logger: Logger;
  jwks: URL | JWTVerifyGetKey;
  usersTopic: string;
  /** Asks the owner of accounts about a token the registry cannot answer for yet (see createTokenVerifier). */
  confirm?: TokenConfirmation;
}) {
  const statuses = new UserStatusRegistry({
    kafka: platform.kafka,
    topic: platform.topic(usersTopic),
    sessionsTopic: platform.topic(sessionsTopic),
    service,
    logger,
    startAfter: platform.kafkaLinked,
    fallback: confirm !== undefined,
  });
  await statuses.start();
  platform.readiness.push(...statuses.readiness);
  platform.onClose(() => statuses.stop());
  const verifyToken = createTokenVerifier({ jwks, statuses, ...(confirm ? { confirm } : {}) });
  return { statuses, verifyToken };
}

export const jwksUrlOf = (authUrl: string) => new URL('/.well-known/jwks.json', authUrl);
