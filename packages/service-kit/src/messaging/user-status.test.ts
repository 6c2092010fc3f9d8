import type { Kafka } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../core/logger';
import { UserStatusRegistry } from './user-status';

const registry = () =>
  new UserStatusRegistry({
    kafka: {} as Kafka,
    topic: 'users',
    sessionsTopic: 'sessions',
    service: 'test',
    logger: createLogger('t', 'silent'),
  });

describe('user status registry', () => {
  it('accepts tokens of users it knows nothing bad about', () => {
    const statuses = registry();
    statuses.apply('u1', 'active', new Date(1000));
    expect(statuses.knows('u1')).toBe(true);
    expect(statuses.isRevoked('u1', Date.now())).toBe(false);
  });

  it('knows no user before their registration arrives, and wakes those waiting for it', async () => {
    const statuses = registry();
    expect(statuses.knows('new')).toBe(false);
    const waiting = statuses.whenKnown('new', 5000);
    statuses.apply('new', 'active', new Date());
    expect(await waiting).toBe(true);
    expect(await statuses.whenKnown('never', 20)).toBe(false);
  });

  it('refuses an ended session until its token would have expired anyway', () => {
    const statuses = registry();
    statuses.endSession('jti-1', new Date(Date.now() + 3600000));
    expect(statuses.isSessionEnded('jti-1')).toBe(true);
    expect(statuses.isSessionEnded('jti-2')).toBe(false);
  });

  it('refuses every token while suspended or deleted', () => {
    const statuses = registry();
    statuses.apply('u1', 'suspended', new Date(1000));
    expect(statuses.isRevoked('u1', 5000)).toBe(true);
    statuses.apply('u2', 'deleted', new Date(1000));
    expect(statuses.isRevoked('u2', 5000)).toBe(true);
  });

  it('after a restore, refuses tokens issued before it and accepts later ones', () => {
    const statuses = registry();
    statuses.apply('u1', 'suspended', new Date(1000));
    statuses.apply('u1', 'active', new Date(2000));
    expect(statuses.isRevoked('u1', 999)).toBe(true);
    expect(statuses.isRevoked('u1', 2000)).toBe(true);
    expect(statuses.isRevoked('u1', 2001)).toBe(false);
    expect(statuses.statusOf('u1')).toBe('active');
  });

  it('refuses the old tokens when the compacted topic kept only the restore, not the suspension', () => {
    const statuses = registry();
    statuses.apply('u1', 'active', new Date(500), 'registered');
    // the suspension at 1000 was compacted away: the restore alone must refuse what came before it
    statuses.apply('u1', 'active', new Date(2000));
    expect(statuses.isRevoked('u1', 600)).toBe(true);
    expect(statuses.isRevoked('u1', 2001)).toBe(false);
    // a registration refuses nothing
    statuses.apply('u2', 'active', new Date(3000), 'registered');
    expect(statuses.isRevoked('u2', 2500)).toBe(false);
  });

  it("refuses the tokens issued before every session of an account was ended, and the account's later ones not", () => {
    const statuses = registry();
    const userId = '00000000-0000-4000-8000-000000000001';
    const event = (type: string, data: Record<string, unknown>) =>
      ({ id: type, type, version: 1, occurredAt: '', source: 'auth', aggregateId: userId, data }) as never;
    statuses.applyEvent(
      event('user.registered', {
        userId,
        userType: 'job_seeker',
        status: 'active',
        registeredAt: new Date(1000).toISOString(),
      }),
    );
    expect(statuses.isRevoked(userId, 2000)).toBe(false);
    // a password reset at 5000: the topic is compacted, so the event also says the status
    statuses.applyEvent(
      event('user.sessions-ended', {
        userId,
        userType: 'job_seeker',
        status: 'active',
        endedAt: new Date(5000).toISOString(),
      }),
    );
    expect(statuses.isRevoked(userId, 2000)).toBe(true);
    expect(statuses.isRevoked(userId, 5000)).toBe(true);
    expect(statuses.isRevoked(userId, 5001)).toBe(false);
    // read alone (after a compaction), it still says who the user is and how they stand
    const later = registry();
    later.applyEvent(
      event('user.sessions-ended', {
        userId,
        userType: 'job_seeker',
        status: 'suspended',
        endedAt: new Date(5000).toISOString(),
      }),
    );
    expect(later.knows(userId)).toBe(true);
    expect(later.isRevoked(userId, 6000)).toBe(true);
  });
});
