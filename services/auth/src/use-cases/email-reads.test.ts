import type { AccessReason } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import type { User } from '../domain/account';
import { createEmailReadLog, type EmailReadRecord, emailReadsOf } from './email-reads';

const user = (userId: string, userType: User['userType']): User => ({
  userId,
  email: `${userId}@example.com`,
  userType,
  status: 'active',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  statusChangedAt: new Date('2026-01-01T00:00:00Z'),
  emailConfirmed: false,
});

const seeker = user('11111111-1111-4111-8111-111111111111', 'job_seeker');
const other = user('22222222-2222-4222-8222-222222222222', 'job_seeker');
const employer = user('33333333-3333-4333-8333-333333333333', 'employer');
const admin = user('44444444-4444-4444-8444-444444444444', 'admin');
const forRequest: AccessReason = {
  purpose: 'match-request',
  requestId: '55555555-5555-4555-8555-555555555555',
  employerId: employer.userId,
};
const fallback: AccessReason = { purpose: 'user-management' };

describe('which e-mail reads are recorded', () => {
  it("records job seekers' e-mails only, with the reasons given or the fallback", () => {
    expect(
      emailReadsOf([seeker, other, employer, admin], [{ id: seeker.userId, reason: forRequest }], fallback),
    ).toEqual([
      { userId: seeker.userId, reason: forRequest },
      { userId: other.userId, reason: fallback },
    ]);
  });

  it('records one read per distinct reason', () => {
    const reasons = [
      { id: seeker.userId, reason: forRequest },
      { id: seeker.userId, reason: forRequest },
      { id: seeker.userId, reason: fallback },
    ];
    expect(emailReadsOf([seeker], reasons, fallback)).toEqual([
      { userId: seeker.userId, reason: forRequest },
      { userId: seeker.userId, reason: fallback },
    ]);
  });

  it('writes nothing for an answer without a job seeker, and one record for an answer with several', async () => {
    const written: EmailReadRecord[] = [];
    const log = createEmailReadLog({
      repository: { record: async (read) => void written.push(read) },
      newId: () => 'read-1',
      clock: () => new Date('2026-05-04T10:00:00Z'),
    });
    await log.record(admin.userId, [employer, admin], [], fallback);
    expect(written).toEqual([]);
    await log.record(admin.userId, [seeker, other], [], fallback);
    expect(written).toEqual([
      {
        readId: 'read-1',
        adminUserId: admin.userId,
        readAt: new Date('2026-05-04T10:00:00Z'),
        reads: [
          { userId: seeker.userId, reason: fallback },
          { userId: other.userId, reason: fallback },
        ],
      },
    ]);
  });

  it('fails the read when the record cannot be written', async () => {
    const log = createEmailReadLog({
      repository: {
        record: async () => {
          throw new Error('database down');
        },
      },
      newId: () => 'read-1',
    });
    await expect(log.record(admin.userId, [seeker], [], fallback)).rejects.toThrow('database down');
  });
});
