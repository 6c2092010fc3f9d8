/** The kit's messaging layer: Kafka: the client, topics, consumers and their supervision, topic snapshots, user statuses. */
export * from './consumer';
export * from './kafka';
export * from './kafka-link';
export * from './kafkajs-request-queue';
export * from './supervised-consumer';
export * from './topic-snapshot';
export * from './user-status';
