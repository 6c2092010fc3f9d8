import type { Admin, Consumer, ConsumerConfig, EachBatchPayload, EachMessagePayload, Kafka } from 'kafkajs';
import type { Logger } from '../core/logger';
import { consumerLag, consumerRestarts, consumerRunning } from '../core/metrics';
import type { ReadinessCheck } from '../core/readiness';

export type SupervisedConsumerOptions = {
  kafka: Kafka;
  /** Names the consumer in logs, metrics and readiness. */
  name: string;
  groupId: string;
  topics: string[];
  fromBeginning: boolean;
  logger: Logger;
  /** What handles each message; or, for a reader of whole batches, `eachBatch`. */
  eachMessage?: (payload: EachMessagePayload) => Promise<void>;
  /**
   * What handles a partition's batch at once, instead of `eachMessage`: for a reader that applies
   * every message in memory (a snapshot), a message costs no promise of its own. The batch's
   * offsets are resolved when it returns.
   */
  eachBatch?: (payload: EachBatchPayload) => Promise<void>;
  config?: Partial<ConsumerConfig>;
  /** How often the lag is measured against the topics' ends. */
  lagIntervalMs?: number;
  /** The consumer joins its group only once this resolves (the platform's link to Kafka is up). */
  startAfter?: Promise<void>;
};

const maxBackoffMs = 30000;

/**
 * A kafkajs consumer that cannot die silently. kafkajs 2.2.4 gives up for good after a
 * non-retriable crash (for example "The coordinator is not aware of this member" after a
 * broker stall longer than the session time-out); this one starts a fresh consumer in the
 * same group with back-off, for as long as the process runs, and logs why. While it is not
 * a running member of its group, `readiness` fails with the reason, so `/ready` says so.
 */
export class SupervisedConsumer {
  private consumer: Consumer | undefined;
  private admin: Admin | undefined;
  private member = false;
  private stopped = false;
  private failures = 0;
  private lastReason = 'not started';
  private restartTimer: NodeJS.Timeout | undefined;
  private lagTimer: NodeJS.Timeout | undefined;
  private starting: Promise<void> | undefined;
  /** The next offset to handle, per `topic:partition`, for the lag. */
  private readonly positions = new Map<string, bigint>();

  constructor(private readonly options: SupervisedConsumerOptions) {}

  get running() {
    return this.member && !this.stopped;
  }

  get stopping() {
    return this.stopped;
  }

  get readiness(): ReadinessCheck {
    return {
      name: this.options.name,
      // the process still answers what needs no events: what follows from them waits
      impact: 'degraded',
      check: async () => {
        if (!this.running) throw new Error(`consumer not running: ${this.lastReason}`);
      },
    };
  }

  /**
   * Starts the consumer without waiting for it to join its group: after a restart of the
   * process, joining waits until the broker has given up on the dead member (the session
   * time-out), and the process should serve meanwhile. Until it runs, `readiness` says so;
   * a failed start is retried like a crash.
   */
  async start() {
    this.stopped = false;
    const { startAfter } = this.options;
    this.lastReason = startAfter ? 'waiting for Kafka' : 'joining its group';
    void (async () => {
      await startAfter;
      if (this.stopped) return;
      this.lastReason = 'joining its group';
      this.scheduleLag();
      await this.launch();
    })().catch((error: unknown) => {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.setMember(false, why);
      this.log().warn({ reason: why }, 'consumer could not start; retrying');
      this.scheduleRestart(why);
    });
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.lagTimer);
    await this.starting?.catch(() => undefined);
    await this.consumer?.disconnect().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
    this.setMember(false, 'stopped');
  }

  /** The same as stop(); the name kafkajs callers know. */
  disconnect() {
    return this.stop();
  }

  private log() {
    return this.options.logger.child({ consumer: this.options.name });
  }

  private setMember(member: boolean, reason: string) {
    this.member = member;
    if (!member) this.lastReason = reason;
    consumerRunning().set({ consumer: this.options.name }, member ? 1 : 0);
  }

  private async launch() {
    const { kafka, groupId, topics, fromBeginning, config } = this.options;
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: 10000,
      heartbeatInterval: 1000,
      rebalanceTimeout: 10000,
      // a stop waits for the fetch in flight: a one-second long poll keeps a stop (a deploy, a
      // test's teardown) within a second, at the price of one idle fetch a second
      maxWaitTimeInMs: 1000,
      retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
      ...config,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (consumer !== this.consumer) return;
      if (this.failures > 0) this.log().info('consumer is running again');
      this.failures = 0;
      this.setMember(true, '');
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (consumer !== this.consumer) return;
      const reason = `${payload.error.name}: ${payload.error.message}`;
      this.setMember(false, reason);
      if (payload.restart) {
        this.log().warn({ reason }, 'consumer crashed; kafkajs restarts it');
        return;
      }
      this.log().error({ reason }, 'consumer crashed and kafkajs gave up; starting a new one');
      this.scheduleRestart(reason);
    });
    consumer.on(consumer.events.STOP, () => {
      if (consumer === this.consumer) this.setMember(false, 'stopped');
    });
    const run = (async () => {
      await consumer.connect();
      for (const topic of topics) await consumer.subscribe({ topic, fromBeginning });
      const { eachMessage, eachBatch } = this.options;
      await consumer.run(
        eachBatch
          ? {
              autoCommit: true,
              eachBatch: async (payload) => {
                await eachBatch(payload);
                const last = payload.batch.messages.at(-1);
                if (last)
                  this.positions.set(
                    `${payload.batch.topic}:${payload.batch.partition}`,
                    BigInt(last.offset) + 1n,
                  );
              },
            }
          : {
              autoCommit: true,
              eachMessage: async (payload) => {
                await eachMessage?.(payload);
                this.positions.set(
                  `${payload.topic}:${payload.partition}`,
                  BigInt(payload.message.offset) + 1n,
                );
              },
            },
      );
    })();
    this.starting = run;
    try {
      await run;
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    } finally {
      this.starting = undefined;
    }
  }

  private scheduleRestart(reason: string) {
    if (this.stopped || this.restartTimer) return;
    this.failures += 1;
    const delay = Math.min(500 * 2 ** Math.min(this.failures - 1, 6), maxBackoffMs);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.restart(reason);
    }, delay);
  }

  private async restart(reason: string) {
    if (this.stopped) return;
    consumerRestarts().inc({ consumer: this.options.name });
    const previous = this.consumer;
    const attempt = this.failures;
    await previous?.disconnect().catch(() => undefined);
    try {
      await this.launch();
      this.log().info({ after: reason, attempt }, 'consumer started again');
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.setMember(false, why);
      this.log().warn({ reason: why, attempt: this.failures }, 'consumer could not start again; retrying');
      this.scheduleRestart(why);
    }
  }

  private scheduleLag() {
    const interval = this.options.lagIntervalMs ?? 10000;
    this.lagTimer = setTimeout(async () => {
      await this.measureLag().catch(() => undefined);
      if (!this.stopped) this.scheduleLag();
    }, interval);
    this.lagTimer.unref();
  }

  private async measureLag() {
    if (!this.admin) {
      this.admin = this.options.kafka.admin({ retry: { retries: 0 } });
      await this.admin.connect();
    }
    const { groupId, topics, name } = this.options;
    const committed = new Map<string, bigint>();
    for (const entry of await this.admin.fetchOffsets({ groupId, topics })) {
      for (const { partition, offset } of entry.partitions) {
        if (BigInt(offset) >= 0n) committed.set(`${entry.topic}:${partition}`, BigInt(offset));
      }
    }
    for (const topic of topics) {
      let lag = 0n;
      for (const { partition, high, low } of await this.admin.fetchTopicOffsets(topic)) {
        const key = `${topic}:${partition}`;
        const handled = this.positions.get(key) ?? committed.get(key) ?? BigInt(low);
        const next = committed.has(key) && committed.get(key)! > handled ? committed.get(key)! : handled;
        if (BigInt(high) > next) lag += BigInt(high) - next;
      }
      consumerLag().set({ consumer: name, topic }, Number(lag));
    }
  }
}
