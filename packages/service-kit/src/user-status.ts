import { type UserStatus, ZUserEvent } from '@meritmatch/contracts';
import type { Kafka } from 'kafkajs';
import type { Logger } from './logger';
import { TopicSnapshot } from './topic-snapshot';

type Entry = { status: UserStatus; revokedAt: number };

/**
 * What every service and the gateway know about suspended and deleted users, read from
 * the `users` topic (compacted, so the last event per user is always there). A token is
 * refused while its user is not active, and a token issued before the user's latest
 * suspension or deletion stays refused after a restore: the user signs in again.
 */
export class UserStatusRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly snapshot: TopicSnapshot<typeof ZUserEvent>;

  constructor(options: { kafka: Kafka; topic: string; service: string; logger: Logger }) {
    this.snapshot = new TopicSnapshot({
      kafka: options.kafka,
      topic: options.topic,
      label: `${options.service}.user-status`,
      schema: ZUserEvent,
      logger: options.logger,
      apply: (event) => {
        const changedAt = event.type === 'user.registered' ? event.data.registeredAt : event.data.changedAt;
        this.apply(event.data.userId, event.data.status, new Date(changedAt));
      },
    });
  }

  get ready() {
    return this.snapshot.ready;
  }

  /** Fails while the users topic is still being read, or while its consumer is not running. */
  get readiness() {
    return this.snapshot.readinessCheck('user-status');
  }

  whenReady(timeoutMs: number) {
    return this.snapshot.whenReady(timeoutMs);
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

  apply(userId: string, status: UserStatus, changedAt: Date) {
    const previous = this.entries.get(userId);
    if (status === 'active') {
      if (previous) this.entries.set(userId, { status, revokedAt: previous.revokedAt });
      return;
    }
    this.entries.set(userId, { status, revokedAt: changedAt.getTime() });
  }

  start() {
    return this.snapshot.start();
  }

  stop() {
    return this.snapshot.stop();
  }
}
