import type { EventMeta } from '@meritmatch/contracts';
import type { Consumer, Kafka } from 'kafkajs';
import { type Connection, Schema } from 'mongoose';
import type { z } from 'zod';
import type { Logger } from './logger';
import { isDuplicateKeyError } from './mongo';

type ProcessedEvent = { _id: string; type: string; processedAt: Date };

const processedEventSchema = new Schema<ProcessedEvent>(
  { _id: { type: String, required: true }, type: String, processedAt: Date },
  { versionKey: false },
);

/** The record of applied events (one per consumer group and event id) that makes a redelivery a no-op. */
export const processedEvents = (connection: Connection) =>
  connection.models.ProcessedEvent ??
  connection.model('ProcessedEvent', processedEventSchema, 'processed_events');

export type EventContext = { topic: string; partition: number; offset: string };

export type IdempotentConsumerOptions<S extends z.ZodType<EventMeta>> = {
  kafka: Kafka;
  connection: Connection;
  groupId: string;
  topics: string[];
  /** The closed union of events this consumer understands; other types are skipped. */
  schema: S;
  handle: (event: z.output<S>, context: EventContext) => Promise<void>;
  logger: Logger;
  fromBeginning?: boolean;
  /**
   * 'record' (default): events are recorded in processed_events and a recorded one is
   * skipped. 'handler': the handler is itself idempotent by event id (it writes a document
   * keyed by it), so the two extra writes per event are saved.
   */
  dedupe?: 'record' | 'handler';
};

/**
 * Runs a consumer group whose handler sees each event once: an event already recorded
 * for this group is skipped, and the offset is committed only after the handler and the
 * record succeeded. A failing handler leaves the offset where it was, so the event comes
 * back after kafkajs's retry.
 */
export async function startIdempotentConsumer<S extends z.ZodType<EventMeta>>(
  options: IdempotentConsumerOptions<S>,
): Promise<Consumer> {
  const {
    kafka,
    connection,
    groupId,
    topics,
    schema,
    handle,
    logger,
    fromBeginning = true,
    dedupe = 'record',
  } = options;
  const processed = processedEvents(connection);
  const log = logger.child({ consumer: groupId });
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 10000,
    heartbeatInterval: 1000,
    rebalanceTimeout: 10000,
    retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
  });
  await consumer.connect();
  for (const topic of topics) await consumer.subscribe({ topic, fromBeginning });

  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ topic, partition, message }) => {
      const commit = () =>
        consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
      const event = decode(message.value, schema);
      if (!event) {
        log.debug(
          { topic, partition, offset: message.offset },
          'skipping an event this consumer does not handle',
        );
        await commit();
        return;
      }
      const key = `${groupId}:${event.id}`;
      if (dedupe === 'handler') {
        await handle(event, { topic, partition, offset: message.offset });
        await commit();
        return;
      }
      if (await processed.exists({ _id: key })) {
        log.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
        await commit();
        return;
      }
      await handle(event, { topic, partition, offset: message.offset });
      try {
        await processed.create({ _id: key, type: event.type, processedAt: new Date() });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await commit();
    },
  });
  return consumer;
}

function decode<S extends z.ZodType>(value: Buffer | null, schema: S): z.output<S> | undefined {
  if (!value) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(value.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
