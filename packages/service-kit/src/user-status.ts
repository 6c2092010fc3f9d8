import { randomUUID } from 'node:crypto';
import { type UserStatus, ZUserEvent } from '@meritmatch/contracts';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from './logger';

type Entry = { status: UserStatus; revokedAt: number };

/**
 * What every service and the gateway know about suspended and deleted users, read from
 * the `users` topic (compacted, so the last event per user is always there). A token is
 * refused while its user is not active, and a token issued before the user's latest
 * suspension or deletion stays refused after a restore: the user signs in again.
 *
 * Each process reads the whole topic with a throw-away consumer group, and reports ready
 * only once it has caught up with the topic as it was at start-up.
 */
export class UserStatusRegistry {
  private readonly entries = new Map<string, Entry>();
  private consumer: Consumer | undefined;
  private caughtUp = false;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly options: { kafka: Kafka; topic: string; service: string; logger: Logger }) {}

  get ready() {
    return this.caughtUp;
  }

  /** Resolves once the registry has read everything that was in the topic when it started. */
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

  /** Whether a token for this user, issued at `issuedAtMs`, must be refused. */
  isRevoked(userId: string, issuedAtMs: number): boolean {
    const entry = this.entries.get(userId);
    if (!entry) return false;
    if (entry.status !== 'active') return true;
    return issuedAtMs <= entry.revokedAt;
  }

  statusOf(userId: string): UserStatus {
    return this.entries.get(userId)?.status ?? 'active';
  }

  /** Applies one event; also used directly by the auth service, which writes the events. */
  apply(userId: string, status: UserStatus, changedAt: Date) {
    const previous = this.entries.get(userId);
    if (status === 'active') {
      if (previous) this.entries.set(userId, { status, revokedAt: previous.revokedAt });
      return;
    }
    this.entries.set(userId, { status, revokedAt: changedAt.getTime() });
  }

  async start() {
    const { kafka, topic, service, logger } = this.options;
    const admin = kafka.admin();
    await admin.connect();
    const targets = new Map<number, bigint>();
    try {
      for (const partition of await admin.fetchTopicOffsets(topic)) {
        const high = BigInt(partition.high);
        if (high > BigInt(partition.low)) targets.set(partition.partition, high);
      }
    } finally {
      await admin.disconnect();
    }
    const markCaughtUp = () => {
      if (this.caughtUp || targets.size > 0) return;
      this.caughtUp = true;
      for (const wake of this.waiters.splice(0)) wake();
      logger.debug({ users: this.entries.size }, 'user status registry caught up');
    };
    markCaughtUp();

    this.consumer = kafka.consumer({
      groupId: `${service}.user-status.${randomUUID()}`,
      sessionTimeout: 10000,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topic, fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ partition, message }) => {
        try {
          const event = ZUserEvent.parse(JSON.parse(message.value?.toString('utf8') ?? ''));
          const changedAt = new Date(
            event.type === 'user.registered' ? event.data.registeredAt : event.data.changedAt,
          );
          this.apply(event.data.userId, event.data.status, changedAt);
        } catch {
          logger.warn({ partition, offset: message.offset }, 'skipping an unreadable user event');
        }
        const target = targets.get(partition);
        if (target !== undefined && BigInt(message.offset) + 1n >= target) {
          targets.delete(partition);
          markCaughtUp();
        }
      },
    });
  }

  async stop() {
    await this.consumer?.disconnect();
  }
}
