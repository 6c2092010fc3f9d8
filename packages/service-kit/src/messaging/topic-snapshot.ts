import { randomUUID } from 'node:crypto';
import type { EventMeta } from '@meritmatch/contracts';
import type { Kafka } from 'kafkajs';
import type { z } from 'zod';
import type { Logger } from '../core/logger';
import type { ReadinessCheck } from '../core/readiness';
import { retry } from './kafka';
import { SupervisedConsumer } from './supervised-consumer';

export type TopicSnapshotOptions<S extends z.ZodType<EventMeta>> = {
  kafka: Kafka;
  topic: string;
  /** Names the throw-away consumer group, for the broker's own tools. */
  label: string;
  schema: S;
  apply: (event: z.output<S>) => void;
  logger: Logger;
  /** Reading starts only once this resolves (the platform's link to Kafka is up). */
  startAfter?: Promise<void>;
};

/**
 * How much a snapshot's consumer fetches at once: a start reads the whole topic (a million
 * candidates are 1.6 GB), and with kafkajs's 1 MB a partition the process waits for the broker
 * between every thousand events. Bigger fetches keep it busy (decision 0027).
 */
const snapshotFetch = { maxBytesPerPartition: 8 * 1024 * 1024, maxBytes: 32 * 1024 * 1024 };

/**
 * Keeps an in-memory state built from a whole topic (a compacted topic holds the latest
 * event per key, so this is a complete snapshot). Every process reads it from the start
 * with a consumer group of its own and applies each event in order; `ready` turns true
 * once it has read everything that was in the topic when it started.
 *
 * The consumer restarts itself after broker stalls and crashes, in the same group, so it
 * carries on from its last committed offset (applying a few events twice, which every
 * snapshot tolerates: their state is versioned or idempotent). `start` does not wait for
 * the broker: the topic's ends are read, and the consumer started, in the background, so a
 * process starts while Kafka is down. `readinessCheck` fails while it is still catching up;
 * `consumerCheck` (degraded) while its consumer is not running.
 */
export class TopicSnapshot<S extends z.ZodType<EventMeta>> {
  private consumer: SupervisedConsumer | undefined;
  private caughtUp = false;
  private stopped = false;
  /** What it is doing while not caught up, for `/ready`. */
  private status = 'not started';
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly options: TopicSnapshotOptions<S>) {}

  get ready() {
    return this.caughtUp;
  }

  /** Resolves true once caught up, false after `timeoutMs` (its waiter then goes: a long outage keeps none). */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.caughtUp) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(wake);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(wake);
    });
  }

  /** Starts reading in the background (once `startAfter` resolves); `ready` tells when it caught up. */
  async start() {
    this.status = this.options.startAfter ? 'waiting for Kafka' : 'reading the ends of the topic';
    void this.read().catch((error: unknown) => {
      this.options.logger.error({ err: error, topic: this.options.topic }, 'snapshot could not start');
    });
  }

  private async read() {
    const { kafka, topic, label, schema, apply, logger, startAfter } = this.options;
    await startAfter;
    if (this.stopped) return;
    this.status = 'reading the ends of the topic';
    const targets = await this.ends();
    if (this.stopped) return;
    const markCaughtUp = () => {
      if (this.caughtUp || targets.size > 0) return;
      this.caughtUp = true;
      for (const wake of this.waiters.splice(0)) wake();
      logger.debug({ topic }, 'snapshot caught up');
    };
    markCaughtUp();
    this.status = `still reading the ${topic} topic`;

    this.consumer = new SupervisedConsumer({
      kafka,
      name: `${label}.snapshot`,
      groupId: `${label}.${randomUUID()}`,
      topics: [topic],
      fromBeginning: true,
      logger,
      config: snapshotFetch,
      // a whole batch at once, each message applied in turn without a promise of its own
      eachBatch: async ({ batch, heartbeat }) => {
        const { partition, messages } = batch;
        for (let at = 0; at < messages.length; at++) {
          const message = messages[at]!;
          let event: z.output<S> | undefined;
          try {
            const parsed = schema.safeParse(JSON.parse(message.value?.toString('utf8') ?? ''));
            if (parsed.success) event = parsed.data;
          } catch {
            // not JSON
          }
          if (event) apply(event);
          else logger.warn({ topic, partition, offset: message.offset }, 'skipping an unreadable event');
          // every thousand events: the process answers what waits meanwhile (its probes above all,
          // which a batch of 8 MB would otherwise hold for a good part of a second), and a long
          // batch keeps the consumer's session (kafkajs sends it only once its interval has passed)
          if (at % 1000 === 999) {
            await new Promise((resolve) => setImmediate(resolve));
            await heartbeat();
          }
        }
        const last = messages.at(-1);
        const target = targets.get(partition);
        if (last && target !== undefined && BigInt(last.offset) + 1n >= target) {
          targets.delete(partition);
          markCaughtUp();
        }
      },
    });
    await this.consumer.start();
  }

  /** The end of each partition that holds events, when reading starts: caught up once read to there. */
  private async ends(): Promise<Map<number, bigint>> {
    const { kafka, topic } = this.options;
    for (let attempt = 1; ; attempt++) {
      const admin = kafka.admin();
      try {
        await admin.connect();
        const targets = new Map<number, bigint>();
        for (const partition of await retry(() => admin.fetchTopicOffsets(topic), 40, 250)) {
          if (BigInt(partition.high) > BigInt(partition.low))
            targets.set(partition.partition, BigInt(partition.high));
        }
        return targets;
      } catch (error) {
        if (this.stopped) throw error;
        this.status = `cannot read the ends of the ${topic} topic: ${error instanceof Error ? error.message : String(error)}`;
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 10000)));
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    }
  }

  /** Ready once caught up (the state is whole, if perhaps not the newest while its consumer is down). */
  readinessCheck(name: string): ReadinessCheck {
    return {
      name,
      check: async () => {
        if (!this.caughtUp) throw new Error(this.status);
      },
    };
  }

  /** Whether the snapshot is kept up to date: its consumer runs (degraded otherwise). */
  consumerCheck(name: string): ReadinessCheck {
    return {
      name: `${name}-updates`,
      impact: 'degraded',
      check: async () => {
        if (this.caughtUp) await this.consumer?.readiness.check();
      },
    };
  }

  async stop() {
    this.stopped = true;
    await this.consumer?.stop();
  }
}
