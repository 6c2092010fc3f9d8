import { randomUUID } from 'node:crypto';
import type { EventMeta } from '@meritmatch/contracts';
import type { Kafka } from 'kafkajs';
import type { z } from 'zod';
import type { ReadinessCheck } from './app';
import { retry } from './kafka';
import type { Logger } from './logger';
import { SupervisedConsumer } from './supervised-consumer';

export type TopicSnapshotOptions<S extends z.ZodType<EventMeta>> = {
  kafka: Kafka;
  topic: string;
  /** Names the throw-away consumer group, for the broker's own tools. */
  label: string;
  schema: S;
  apply: (event: z.output<S>) => void;
  logger: Logger;
};

/**
 * Keeps an in-memory state built from a whole topic (a compacted topic holds the latest
 * event per key, so this is a complete snapshot). Every process reads it from the start
 * with a consumer group of its own and applies each event in order; `ready` turns true
 * once it has read everything that was in the topic when it started.
 *
 * The consumer restarts itself after broker stalls and crashes, in the same group, so it
 * carries on from its last committed offset (applying a few events twice, which every
 * snapshot tolerates: their state is versioned or idempotent). `readiness` fails while it
 * is still catching up or not running.
 */
export class TopicSnapshot<S extends z.ZodType<EventMeta>> {
  private consumer: SupervisedConsumer | undefined;
  private caughtUp = false;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly options: TopicSnapshotOptions<S>) {}

  get ready() {
    return this.caughtUp;
  }

  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.caughtUp) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async start() {
    const { kafka, topic, label, schema, apply, logger } = this.options;
    const admin = kafka.admin();
    await admin.connect();
    const targets = new Map<number, bigint>();
    try {
      for (const partition of await retry(() => admin.fetchTopicOffsets(topic), 40, 250)) {
        if (BigInt(partition.high) > BigInt(partition.low))
          targets.set(partition.partition, BigInt(partition.high));
      }
    } finally {
      await admin.disconnect();
    }
    const markCaughtUp = () => {
      if (this.caughtUp || targets.size > 0) return;
      this.caughtUp = true;
      for (const wake of this.waiters.splice(0)) wake();
      logger.debug({ topic }, 'snapshot caught up');
    };
    markCaughtUp();

    this.consumer = new SupervisedConsumer({
      kafka,
      name: `${label}.snapshot`,
      groupId: `${label}.${randomUUID()}`,
      topics: [topic],
      fromBeginning: true,
      logger,
      eachMessage: async ({ partition, message }) => {
        let event: z.output<S> | undefined;
        try {
          const parsed = schema.safeParse(JSON.parse(message.value?.toString('utf8') ?? ''));
          if (parsed.success) event = parsed.data;
        } catch {
          // not JSON
        }
        if (event) apply(event);
        else logger.warn({ topic, partition, offset: message.offset }, 'skipping an unreadable event');
        const target = targets.get(partition);
        if (target !== undefined && BigInt(message.offset) + 1n >= target) {
          targets.delete(partition);
          markCaughtUp();
        }
      },
    });
    await this.consumer.start();
  }

  /** Ready once caught up, and for as long as its consumer runs. */
  readinessCheck(name: string): ReadinessCheck {
    return {
      name,
      check: async () => {
        if (!this.caughtUp) throw new Error(`still reading the ${this.options.topic} topic`);
        await this.consumer?.readiness.check();
      },
    };
  }

  async stop() {
    await this.consumer?.stop();
  }
}
