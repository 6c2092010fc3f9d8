import type { Kafka, Producer } from 'kafkajs';
import type { Logger } from '../core/logger';
import type { ReadinessCheck } from '../core/readiness';
import { ensureTopics, kafkaProbe, type TopicRequest } from './kafka';

/** The broker holds topics that differ from their declarations: an operator must align them. */
export const isDeclarationMismatch = (error: unknown) =>
  error instanceof Error && error.message.startsWith("the broker's topics");

const describe = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

export type KafkaLinkOptions = {
  kafka: Kafka;
  producer: Producer;
  topics: TopicRequest[];
  brokers: string[];
  logger: Logger;
  /** The first wait between attempts; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * A process's way to Kafka, made in the background: the topics created and checked against their
 * declarations, then the producer connected. A process that starts while the broker is down or
 * stalled (rescheduled during a broker incident, as Kubernetes and compose do) serves what needs
 * only its database at once: its relay keeps events in the outbox, and its consumers and
 * snapshots start once the link is up (`connected`). `readiness` names Kafka as degraded
 * meanwhile, and as not ready when the broker's topics differ from their declarations.
 */
export class KafkaLink {
  private state: 'connecting' | 'connected' | 'misdeclared' | 'stopped' = 'connecting';
  private lastReason = 'not tried yet';
  private retryTimer: NodeJS.Timeout | undefined;
  private firstAttempt: Promise<void> | undefined;
  private resolveConnected!: () => void;
  /** Resolves once the topics were checked and the producer is connected. */
  readonly connected: Promise<void>;
  private readonly probe: () => Promise<void>;

  constructor(private readonly options: KafkaLinkOptions) {
    this.connected = new Promise((resolve) => {
      this.resolveConnected = resolve;
    });
    this.probe = kafkaProbe(options.kafka);
  }

  get isConnected() {
    return this.state === 'connected';
  }

  /**
   * Starts connecting and waits for the first attempt at most `waitMs`. Throws when the broker
   * answered with topics that differ from their declarations (the process must not start);
   * otherwise the link goes on trying in the background.
   */
  async start(waitMs: number) {
    this.firstAttempt = this.attempt(1);
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      this.firstAttempt.then(() => 'settled' as const),
      new Promise<'waiting'>((resolve) => {
        timer = setTimeout(() => resolve('waiting'), waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (this.state === 'misdeclared') throw new Error(this.lastReason);
    if (this.state !== 'connected') {
      this.options.logger.warn(
        { brokers: this.options.brokers, reason: this.lastReason, outcome },
        'Kafka cannot be reached; serving what needs only the database, and connecting in the background',
      );
    }
  }

  /** For `/ready`: degraded while not connected; not ready when the topics differ from their declarations. */
  readiness(): ReadinessCheck[] {
    return [
      {
        name: 'kafka',
        impact: 'degraded',
        check: async () => {
          if (this.state === 'misdeclared') return;
          if (this.state !== 'connected') throw new Error(`not connected yet: ${this.lastReason}`);
          await this.probe();
        },
      },
      {
        name: 'kafka-topics',
        check: async () => {
          if (this.state === 'misdeclared') throw new Error(this.lastReason);
        },
      },
    ];
  }

  stop() {
    if (this.state !== 'connected') this.state = 'stopped';
    clearTimeout(this.retryTimer);
  }

  private async attempt(number: number): Promise<void> {
    const { kafka, producer, topics, logger } = this.options;
    try {
      const checked = await ensureTopics(kafka, topics, 1);
      if (checked.altered.length > 0)
        logger.info({ topics: checked.altered }, 'topics brought to their declared retention and compaction');
      await producer.connect();
      if ((this.state as string) === 'stopped') return;
      this.state = 'connected';
      this.lastReason = '';
      if (number > 1) logger.info({ attempts: number }, 'Kafka reached: topics checked, producer connected');
      this.resolveConnected();
    } catch (error) {
      if ((this.state as string) === 'stopped') return;
      this.lastReason = describe(error);
      if (isDeclarationMismatch(error)) {
        this.state = 'misdeclared';
        logger.error({ reason: this.lastReason }, 'Kafka topics differ from their declarations');
        return;
      }
      const first = this.options.retryMs ?? 1000;
      const delay = Math.min(first * 2 ** Math.min(number - 1, 6), this.options.maxRetryMs ?? 5000);
      if (number === 1 || number % 10 === 0)
        logger.debug({ attempt: number, reason: this.lastReason, retryInMs: delay }, 'Kafka not reached yet');
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.attempt(number + 1);
      }, delay);
    }
  }
}
