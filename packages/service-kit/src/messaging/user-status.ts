import { type UserEvent, type UserStatus, ZSessionEvent, ZUserEvent } from '@meritmatch/contracts';
import type { Kafka } from 'kafkajs';
import type { Logger } from '../core/logger';
import type { ReadinessCheck } from '../core/readiness';
import { TopicSnapshot } from './topic-snapshot';

type Entry = { status: UserStatus; revokedAt: number };

/**
 * What every service and the gateway know about users and sessions, read from two topics:
 * - `users` (compacted, so the last event per user is always there): which users exist and
 *   which are suspended or deleted. A token is refused while its user is not active, and a
 *   token issued before the user's latest suspension or deletion stays refused after a
 *   restore: the user signs in again. A token issued before every session of its account was
 *   ended (a password reset) is refused too, as is a token of a user nobody knows.
 * - `sessions` (compacted, kept two days): sessions ended by signing out, refused until their
 *   token would have expired anyway.
 */
export class UserStatusRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Ended sessions: token id → when the token expires (epoch ms). */
  private readonly endedSessions = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly users: TopicSnapshot<typeof ZUserEvent>;
  private readonly sessions: TopicSnapshot<typeof ZSessionEvent>;
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly fallback: boolean;

  constructor(options: {
    kafka: Kafka;
    topic: string;
    sessionsTopic: string;
    service: string;
    logger: Logger;
    /** Reading starts once this resolves (the platform's link to Kafka is up). */
    startAfter?: Promise<void>;
    /**
     * Whether token checks have another source while the topics are not read yet (the auth
     * service, asked for each token: see `TokenConfirmation`). `/ready` then names the registry
     * as degraded rather than not ready.
     */
    fallback?: boolean;
  }) {
    this.fallback = options.fallback === true;
    this.users = new TopicSnapshot({
      kafka: options.kafka,
      topic: options.topic,
      label: `${options.service}.user-status`,
      schema: ZUserEvent,
      logger: options.logger,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      apply: (event) => this.applyEvent(event),
    });
    this.sessions = new TopicSnapshot({
      kafka: options.kafka,
      topic: options.sessionsTopic,
      label: `${options.service}.sessions`,
      schema: ZSessionEvent,
      logger: options.logger,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      apply: (event) => this.endSession(event.data.sessionId, new Date(event.data.expiresAt)),
    });
  }

  get ready() {
    return this.users.ready && this.sessions.ready;
  }

  /**
   * Fails while either topic is still being read (degraded when tokens are confirmed by their
   * owner meanwhile), and, degraded, while a caught-up topic's consumer is not running.
   */
  get readiness(): ReadinessCheck[] {
    const users = this.users.readinessCheck('user-status');
    const sessions = this.sessions.readinessCheck('sessions');
    return [
      {
        name: 'user-status',
        impact: this.fallback ? 'degraded' : 'not-ready',
        check: async () => {
          await users.check();
          await sessions.check();
        },
      },
      this.users.consumerCheck('user-status'),
      this.sessions.consumerCheck('sessions'),
    ];
  }

  async whenReady(timeoutMs: number) {
    const [users, sessions] = await Promise.all([
      this.users.whenReady(timeoutMs),
      this.sessions.whenReady(timeoutMs),
    ]);
    return users && sessions;
  }

  knows(userId: string) {
    return this.entries.has(userId);
  }

  /** Resolves true as soon as the user is known (their registration arrived), false after `timeoutMs`. */
  whenKnown(userId: string, timeoutMs: number): Promise<boolean> {
    if (this.knows(userId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const list = this.waiting.get(userId) ?? [];
        this.waiting.set(
          userId,
          list.filter((waiter) => waiter !== wake),
        );
        if (this.waiting.get(userId)?.length === 0) this.waiting.delete(userId);
        resolve(false);
      }, timeoutMs);
      this.waiting.set(userId, [...(this.waiting.get(userId) ?? []), wake]);
    });
  }

  /** Whether a token for this user, issued at `issuedAtMs`, must be refused. */
  isRevoked(userId: string, issuedAtMs: number): boolean {
    const entry = this.entries.get(userId);
    if (!entry) return false;
    if (entry.status !== 'active') return true;
    return issuedAtMs <= entry.revokedAt;
  }

  /** Whether the session of this token id was ended (signed out). */
  isSessionEnded(tokenId: string): boolean {
    const expiresAt = this.endedSessions.get(tokenId);
    return expiresAt !== undefined && expiresAt > Date.now() - 60000;
  }

  statusOf(userId: string): UserStatus {
    return this.entries.get(userId)?.status ?? 'active';
  }

  /**
   * A user's registration, or a change of their status: every change (a suspension, a deletion,
   * and a restore too) refuses the tokens issued up to it. Sign-in is refused while an account is
   * not active, so the tokens a restore refuses are those of before the suspension. It must be
   * the restore itself that refuses them: the `users` topic is compacted, so a process that reads
   * it later may find the restore without the suspension before it (such a process accepted the
   * old tokens again).
   */
  apply(userId: string, status: UserStatus, changedAt: Date, change: 'registered' | 'changed' = 'changed') {
    const previous = this.entries.get(userId);
    const before = previous?.revokedAt ?? 0;
    const revokedAt = change === 'registered' ? before : Math.max(before, changedAt.getTime());
    this.entries.set(userId, { status, revokedAt });
    for (const wake of this.waiting.get(userId) ?? []) wake();
    this.waiting.delete(userId);
  }

  /** An event of the `users` topic. */
  applyEvent(event: UserEvent) {
    const { userId, status } = event.data;
    if (event.type === 'user.registered')
      this.apply(userId, status, new Date(event.data.registeredAt), 'registered');
    // a confirmed address ends no session: only the status is taken from it
    else if (event.type === 'user.email-confirmed')
      this.apply(userId, status, new Date(event.data.confirmedAt), 'registered');
    else if (event.type === 'user.sessions-ended') this.apply(userId, status, new Date(event.data.endedAt));
    // the retention limit's stages end no session either
    else if (event.type === 'user.activity-changed')
      this.apply(userId, status, new Date(event.data.lastSignedInAt), 'registered');
    else this.apply(userId, status, new Date(event.data.changedAt));
  }

  endSession(tokenId: string, expiresAt: Date) {
    this.endedSessions.set(tokenId, expiresAt.getTime());
  }

  async start() {
    await Promise.all([this.users.start(), this.sessions.start()]);
    // sessions past their token's lifetime need no remembering
    this.pruneTimer = setInterval(() => {
      const cutoff = Date.now() - 60000;
      for (const [id, expiresAt] of this.endedSessions) if (expiresAt < cutoff) this.endedSessions.delete(id);
    }, 60000);
    this.pruneTimer.unref();
  }

  async stop() {
    clearInterval(this.pruneTimer);
    await Promise.all([this.users.stop(), this.sessions.stop()]);
  }
}
