import { type EventMeta, ZEventMeta } from '@meritmatch/contracts';
import type { KafkaMessage, Producer } from 'kafkajs';
import { type Connection, Schema } from 'mongoose';
import type { z } from 'zod';
import type { Logger } from '../core/logger';
import { deadLettered, eventsHandled } from '../core/metrics';
import { runWithContext } from '../core/request-context';
import { isDuplicateKeyError } from '../store/mongo';
import { isTransient } from '../store/transient';
import { SupervisedConsumer, type SupervisedConsumerOptions } from './supervised-consumer';

type ProcessedEvent = { _id: string; type: string; processedAt: Date };

const processedEventSchema = new Schema<ProcessedEvent>(
  { _id: { type: String, required: true }, type: String, processedAt: Date },
  { versionKey: false },
);

/** The record of applied events (one per consumer group and event id) that makes a redelivery a no-op. */
export const processedEvents = (connection: Connection) =>
  connection.models.ProcessedEvent ??
  connection.model('ProcessedEvent', processedEventSchema, 'processed_events');

export type EventContext = { topic: string; partition: number; offset: string; requestId?: string };

export type DeadLetterTarget = { producer: Producer; topic: string };

/**
 * How a consumer's events are handled: one at a time (`handle`), or each fetched batch's events
 * together, in their order (`handleBatch`): for a projection whose writes cost far less together
 * (the owners of a million candidates are one insert a batch, not a million writes). A batch
 * handler is idempotent itself (`dedupe: 'handler'`): after a failure a batch is handled again,
 * and one that fails for a lasting reason is handled one event at a time, so that only the event
 * at fault is parked.
 */
export type EventHandling<S extends z.ZodType<EventMeta>> =
  | {
      handle: (event: z.output<S>, context: EventContext) => Promise<void>;
      handleBatch?: never;
      /**
       * 'record' (default): events are recorded in processed_events and a recorded one is
       * skipped. 'handler': the handler is itself idempotent by event id (it writes a document
       * keyed by it), so the two extra writes per event are saved.
       */
      dedupe?: 'record' | 'handler';
    }
  | { handleBatch: (events: z.output<S>[]) => Promise<void>; handle?: never; dedupe: 'handler' };

export type IdempotentConsumerOptions<S extends z.ZodType<EventMeta>> = Pick<
  SupervisedConsumerOptions,
  'kafka' | 'groupId' | 'topics' | 'logger' | 'startAfter' | 'config'
> &
  EventHandling<S> & {
    connection: Connection;
    /** The closed union of events this consumer understands; other types are skipped. */
    schema: S;
    /** Where events that cannot be handled are parked, with their reason. */
    deadLetters: DeadLetterTarget;
    fromBeginning?: boolean;
    /** Attempts for an event whose handler fails for a reason that is not transient. */
    maxAttempts?: number;
    /** The first pause between attempts (it doubles, up to 5 s). */
    retryDelayMs?: number;
  };

export type RunningConsumer = SupervisedConsumer;

const headerText = (message: KafkaMessage, name: string) => {
  const value = message.headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a consumer group whose handler sees each event once, and that keeps running:
 * - an event already recorded for this group is skipped; the offset is committed only after
 *   the handler and the record succeeded;
 * - a handler that fails for a transient reason (database or another service unreachable)
 *   is retried with back-off until it succeeds, heartbeating meanwhile;
 * - a malformed event, or one whose handler keeps failing for another reason, is parked in
 *   the dead-letter topic with its reason after `maxAttempts`, and later events flow on;
 * - the consumer restarts itself after crashes (see SupervisedConsumer).
 * The request id of the change that caused the event (the `request-id` header) is in the
 * handler's logs and in the context of anything it writes.
 */
export async function startIdempotentConsumer<S extends z.ZodType<EventMeta>>(
  options: IdempotentConsumerOptions<S>,
): Promise<RunningConsumer> {
  const {
    kafka,
    connection,
    groupId,
    topics,
    schema,
    handle,
    handleBatch,
    logger,
    deadLetters,
    fromBeginning = true,
    dedupe = 'record',
    maxAttempts = 5,
    retryDelayMs = 200,
    startAfter,
    config,
  } = options;
  const processed = processedEvents(connection);
  const log = logger.child({ consumer: groupId });
  const handledTypes = eventTypesOf(schema);
  let consumer: SupervisedConsumer | undefined;

  const park = async (topic: string, partition: number, message: KafkaMessage, reason: string) => {
    const kind = reason.split(':')[0] ?? 'failed';
    await deadLetters.producer.send({
      topic: deadLetters.topic,
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            'dead-letter-reason': reason.slice(0, 1000),
            'dead-letter-consumer': groupId,
            'original-topic': topic,
            'original-partition': String(partition),
            'original-offset': message.offset,
          },
        },
      ],
    });
    deadLettered().inc({ consumer: groupId, reason: kind });
    eventsHandled().inc({ consumer: groupId, outcome: 'dead-lettered' });
    log.error({ topic, partition, offset: message.offset, reason }, 'event parked in the dead-letter topic');
  };

  consumer = new SupervisedConsumer({
    kafka,
    name: groupId,
    groupId,
    topics,
    fromBeginning,
    logger,
    ...(startAfter ? { startAfter } : {}),
    ...(config ? { config } : {}),
    ...(handleBatch
      ? {
          eachBatch: async ({ batch: { topic, partition, messages }, heartbeat }) => {
            const screened: Screened[] = [];
            for (const message of messages) {
              const found = await screen(topic, partition, message);
              if (found) screened.push(found);
            }
            if (screened.length === 0) return;
            if (await handledTogether(screened, heartbeat)) {
              eventsHandled().inc({ consumer: groupId, outcome: 'handled' }, screened.length);
              return;
            }
            // a lasting failure: each event alone, so that only the one at fault is parked
            for (const one of screened) await handleOne(one, heartbeat, (event) => handleBatch([event]));
          },
        }
      : {
          eachMessage: async ({ topic, partition, message, heartbeat }) => {
            const found = await screen(topic, partition, message);
            if (found) await handleOne(found, heartbeat, handle);
          },
        }),
  });

  type Screened = {
    event: z.output<S>;
    message: KafkaMessage;
    context: EventContext;
    eventLog: Logger;
  };

  /**
   * A message read and checked: parked when it cannot be read or fails its schema, passed over
   * when this consumer does not handle its type or has handled it already; otherwise its event.
   */
  async function screen(
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<Screened | undefined> {
    const requestId = headerText(message, 'request-id');
    const eventLog = requestId ? log.child({ requestId }) : log;
    const decoded = decode(message.value);
    if (decoded.kind === 'malformed') {
      await park(topic, partition, message, `malformed: ${decoded.reason}`);
      return undefined;
    }
    if (handledTypes && !handledTypes.has(decoded.meta.type)) {
      eventsHandled().inc({ consumer: groupId, outcome: 'skipped' });
      return undefined;
    }
    const parsed = schema.safeParse(decoded.value);
    if (!parsed.success) {
      if (!handledTypes) {
        eventsHandled().inc({ consumer: groupId, outcome: 'skipped' });
        return undefined;
      }
      const issue = parsed.error.issues[0];
      await park(topic, partition, message, `invalid: ${issue?.path.join('.')} ${issue?.message}`);
      await record(decoded.meta);
      return undefined;
    }
    const event = parsed.data;
    if (
      dedupe === 'record' &&
      (await persist(
        async () => (await processed.exists({ _id: `${groupId}:${event.id}` })) !== null,
        'checking whether an event was handled',
      ))
    ) {
      eventLog.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
      eventsHandled().inc({ consumer: groupId, outcome: 'duplicate' });
      return undefined;
    }
    const context: EventContext = {
      topic,
      partition,
      offset: message.offset,
      ...(requestId ? { requestId } : {}),
    };
    return { event, message, context, eventLog };
  }

  /**
   * Handles one event, retrying a transient failure until it succeeds and another up to
   * `maxAttempts` before parking the event; then records it.
   */
  async function handleOne(
    { event, message, context, eventLog }: Screened,
    heartbeat: () => Promise<void>,
    work: (event: z.output<S>, context: EventContext) => Promise<void>,
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        await runWithContext({ requestId: context.requestId ?? event.id }, () => work(event, context));
        break;
      } catch (error) {
        const transient = isTransient(error);
        if (!transient && attempt >= maxAttempts) {
          await park(context.topic, context.partition, message, `failed: ${describe(error)}`);
          await record(event);
          return;
        }
        if (attempt === 1 || attempt % 10 === 0) {
          eventLog.warn(
            { eventId: event.id, type: event.type, attempt, transient, err: error },
            'event handler failed; retrying',
          );
        }
        await sleep(Math.min(retryDelayMs * 2 ** Math.min(attempt - 1, 5), 5000));
        if (consumer?.stopping) throw error;
        await heartbeat();
      }
    }
    await record(event);
    eventsHandled().inc({ consumer: groupId, outcome: 'handled' });
  }

  /**
   * A batch's events handled together: a transient failure is retried until it passes (as for
   * one event); false after another, for the events to be handled one at a time.
   */
  async function handledTogether(screened: Screened[], heartbeat: () => Promise<void>) {
    const events = screened.map(({ event }) => event);
    for (let attempt = 1; ; attempt++) {
      try {
        await handleBatch?.(events);
        return true;
      } catch (error) {
        if (!isTransient(error)) {
          log.warn(
            { events: events.length, err: error },
            'a batch of events failed; handling them one at a time',
          );
          return false;
        }
        if (attempt === 1 || attempt % 10 === 0)
          log.warn({ events: events.length, attempt, err: error }, 'a batch of events failed; retrying');
        await sleep(Math.min(retryDelayMs * 2 ** Math.min(attempt - 1, 5), 5000));
        if (consumer?.stopping) throw error;
        await heartbeat();
      }
    }
  }

  /**
   * Retries a bookkeeping read or write (the record of processed events) through a database
   * outage, saying so: a consumer that waits here handles nothing meanwhile, and a test that
   * waited 45 s for its events once said nothing of why.
   */
  async function persist<T>(work: () => Promise<T>, what: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const done = await work();
        if (attempt > 1) log.info({ attempts: attempt }, `${what}: done after retrying`);
        return done;
      } catch (error) {
        if (!isTransient(error) || attempt >= 60) throw error;
        if (attempt === 1 || attempt % 10 === 0)
          log.warn({ attempt, err: error }, `${what} failed for a transient reason; retrying`);
        await sleep(Math.min(200 * 2 ** Math.min(attempt - 1, 5), 5000));
      }
    }
  }

  async function record(event: { id: string; type: string }) {
    if (dedupe !== 'record') return;
    await persist(async () => {
      try {
        await processed.create({ _id: `${groupId}:${event.id}`, type: event.type, processedAt: new Date() });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }, 'recording a handled event');
  }

  await consumer.start();
  return consumer;
}

type Decoded = { kind: 'event'; value: unknown; meta: EventMeta } | { kind: 'malformed'; reason: string };

function decode(value: Buffer | null): Decoded {
  if (!value) return { kind: 'malformed', reason: 'empty message' };
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  const meta = ZEventMeta.safeParse(json);
  if (!meta.success) return { kind: 'malformed', reason: 'not an event envelope' };
  return { kind: 'event', value: json, meta: meta.data };
}

/**
 * The event types a closed union of event schemas names (its `type` literals, through unions
 * and transforms), so that an event of a known type that fails its schema is told apart from one
 * this consumer does not handle, and one of another type is passed over unparsed. Undefined when
 * the schema does not say.
 */
export function eventTypesOf(schema: z.ZodType): Set<string> | undefined {
  const types = new Set<string>();
  const visit = (node: unknown): boolean => {
    const def = (node as { def?: Record<string, unknown> } | undefined)?.def;
    if (!def) return false;
    if (Array.isArray(def.options)) return (def.options as unknown[]).every(visit);
    // an older version read as the newest (a transform): its type is its input's
    if (def.type === 'pipe') return visit(def.in);
    const shape = def.shape as Record<string, { def?: { values?: unknown[] } }> | undefined;
    const literal = shape?.type?.def?.values;
    if (!Array.isArray(literal)) return false;
    for (const value of literal) types.add(String(value));
    return true;
  };
  return visit(schema) && types.size > 0 ? types : undefined;
}

function describe(error: unknown) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
