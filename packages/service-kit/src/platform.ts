import { topicDeclaration } from '@meritmatch/contracts';
import type { JWTVerifyGetKey } from 'jose';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { ReadinessCheck } from './app';
import { createTokenVerifier } from './auth';
import { createKafka, createProducer, ensureTopics, kafkaProbe, topicName } from './kafka';
import type { Logger } from './logger';
import { connectMongo, pingMongo } from './mongo';
import { UserStatusRegistry } from './user-status';

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
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
};

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
      topics.map((spec) => ({ topic: topic(spec.name), declaration: topicDeclaration(spec.name) })),
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
  return {
    connection,
    kafka,
    producer,
    topic,
    group: (name: string) => `${env.KAFKA_TOPIC_PREFIX}${service}.${name}`,
    readiness: [
      { name: 'mongodb', check: () => pingMongo(connection) },
      { name: 'kafka', check: probe },
    ],
    close: async () => {
      await producer.disconnect().catch(() => undefined);
      await connection.close().catch(() => undefined);
    },
  };
}

/**
 * The user-status registry (from the `users` topic) and a token verifier that uses it:
 * what a service needs to check tokens itself, so that a call which bypasses the
 * gateway gains nothing.
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
    service,
    logger,
  });
  await statuses.start();
  const verifyToken = createTokenVerifier({ jwks, statuses });
  const readiness: ReadinessCheck = {
    name: 'user-status',
    check: async () => {
      if (!statuses.ready) throw new Error('still reading the users topic');
    },
  };
  return { statuses, verifyToken, readiness };
}

export const jwksUrlOf = (authUrl: string) => new URL('/.well-known/jwks.json', authUrl);
