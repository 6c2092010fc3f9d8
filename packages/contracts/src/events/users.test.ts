import { describe, expect, it } from 'vitest';
import { ZUserEvent } from './users';

const envelope = {
  id: '00000000-0000-4000-8000-000000000009',
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'auth',
  aggregateId: '00000000-0000-4000-8000-000000000001',
  version: 1,
};
const user = { userId: envelope.aggregateId, userType: 'job_seeker', status: 'active' };

describe('users topic', () => {
  it('reads an event written before addresses were confirmed as not confirmed', () => {
    const event = ZUserEvent.parse({
      ...envelope,
      type: 'user.status-changed',
      data: { ...user, previousStatus: 'suspended', changedAt: envelope.occurredAt },
    });
    expect(event.data.emailConfirmed).toBe(false);
  });

  it('carries a confirmation, which is always a confirmed address', () => {
    const confirmed = {
      ...envelope,
      type: 'user.email-confirmed',
      data: { ...user, confirmedAt: envelope.occurredAt },
    };
    expect(
      ZUserEvent.safeParse({ ...confirmed, data: { ...confirmed.data, emailConfirmed: false } }).success,
    ).toBe(false);
    expect(ZUserEvent.parse({ ...confirmed, data: { ...confirmed.data, emailConfirmed: true } }).type).toBe(
      'user.email-confirmed',
    );
  });
});
