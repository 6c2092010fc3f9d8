import type { AccessReason, PersonalDetailsRead } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AccessEntry,
  type AccessLogRepository,
  candidateDetails,
  createAccessLog,
  entriesOf,
} from './access-log';

const adminId = '44444444-4444-4444-8444-444444444444';
const seekerId = '11111111-1111-4111-8111-111111111111';
const otherId = '22222222-2222-4222-8222-222222222222';
const employerId = '33333333-3333-4333-8333-333333333333';
const forRequest: AccessReason = {
  purpose: 'match-request',
  requestId: '55555555-5555-4555-8555-555555555555',
  employerId,
};
const forUsers: AccessReason = { purpose: 'user-management' };
const at = new Date('2026-05-04T10:00:00Z');

/** The repository's contract, in memory: newest first, ids unique. */
function memoryRepository(): AccessLogRepository & { stored: AccessEntry[] } {
  const stored: AccessEntry[] = [];
  return {
    stored,
    async append(entries) {
      for (const entry of entries) if (!stored.some((e) => e.id === entry.id)) stored.push(entry);
    },
    async page(jobSeekerUserId, skip, limit) {
      const all = stored
        .filter((e) => jobSeekerUserId === null || e.jobSeekerUserId === jobSeekerUserId)
        .sort((a, b) => b.readAt.getTime() - a.readAt.getTime() || a.id.localeCompare(b.id));
      return { entries: all.slice(skip, skip + limit), totalCount: all.length };
    },
  };
}

const logWith = (repository: AccessLogRepository, ids = ['read-1', 'read-2', 'read-3']) =>
  createAccessLog({
    repository,
    newId: () => ids.shift()!,
    clock: () => at,
    companyNames: async (ids) =>
      new Map(ids.map((id) => [id, id === employerId ? 'Acme Robotics' : 'Other'])),
    candidatesOf: async (ids) =>
      new Map(
        ids.filter((id) => id === seekerId).map((id) => [id, { candidateId: 'c-1', uniqueCode: 'EM123456' }]),
      ),
  });

describe('the access log', () => {
  it('keeps one entry per job seeker and reason, with ids that a redelivery repeats exactly', () => {
    const read = {
      readId: 'read-1',
      adminUserId: adminId,
      readAt: at,
      owner: 'auth' as const,
      details: ['email' as const],
      jobSeekers: [
        { userId: seekerId, reason: forRequest },
        { userId: seekerId, reason: forUsers },
        { userId: otherId, reason: forUsers },
      ],
    };
    const entries = entriesOf('event-9', read);
    expect(entries.map((e) => e.id)).toEqual(['event-9:0000', 'event-9:0001', 'event-9:0002']);
    expect(entries[0]).toEqual({
      id: 'event-9:0000',
      readId: 'read-1',
      jobSeekerUserId: seekerId,
      adminUserId: adminId,
      details: ['email'],
      reason: forRequest,
      owner: 'auth',
      readAt: at,
    });
    expect(entriesOf('event-9', read)).toEqual(entries);
  });

  it('records the name, and the phone only when there is one', () => {
    expect(candidateDetails({ phone: '+49 30 1234567' })).toEqual(['name', 'phone']);
    expect(candidateDetails({ phone: null })).toEqual(['name']);
  });

  it('records a read of this service and adds the reads the auth service published, once', async () => {
    const repository = memoryRepository();
    const log = logWith(repository);
    await log.recordRead(adminId, ['name'], []);
    expect(repository.stored).toEqual([]);
    await log.recordRead(adminId, ['name', 'phone'], [{ userId: seekerId, reason: forRequest }]);
    const event: PersonalDetailsRead = {
      id: '66666666-6666-4666-8666-666666666666',
      type: 'personal-details.read',
      version: 1,
      occurredAt: at.toISOString(),
      source: 'auth',
      aggregateId: 'read-a',
      data: {
        readId: '77777777-7777-4777-8777-777777777777',
        adminUserId: adminId,
        details: ['email'],
        jobSeekers: [{ userId: seekerId, reason: forRequest }],
        readAt: at.toISOString(),
      },
    };
    await log.addRecorded(event);
    await log.addRecorded(event);
    expect(repository.stored.map((e) => [e.owner, e.details])).toEqual([
      ['profile', ['name', 'phone']],
      ['auth', ['email']],
    ]);
  });

  it("shows a job seeker only their own entries, with the company behind a request and the candidate's code", async () => {
    const repository = memoryRepository();
    const log = logWith(repository);
    await log.recordRead(adminId, ['name'], [{ userId: seekerId, reason: forRequest }]);
    await log.recordRead(adminId, ['name'], [{ userId: otherId, reason: forUsers }]);
    const own = await log.forJobSeeker(seekerId, { page: 1, limit: 20 });
    expect(own.entries).toHaveLength(1);
    expect(own.entries[0]).toMatchObject({
      jobSeekerUserId: seekerId,
      companyName: 'Acme Robotics',
      candidate: { uniqueCode: 'EM123456' },
    });
    expect(own.pagination).toMatchObject({ totalCount: 1, totalPages: 1 });
    const everyone = await log.forAdmins({ page: 1, limit: 1 });
    expect(everyone.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: true });
    const other = (await log.forAdmins({ page: 1, limit: 20 })).entries.find(
      (e) => e.jobSeekerUserId === otherId,
    );
    expect(other).toMatchObject({ companyName: null, candidate: null });
  });

  it('fails the read when the record cannot be written', async () => {
    const log = logWith({
      append: async () => {
        throw new Error('database down');
      },
      page: async () => ({ entries: [], totalCount: 0 }),
    });
    await expect(log.recordRead(adminId, ['name'], [{ userId: seekerId, reason: forUsers }])).rejects.toThrow(
      'database down',
    );
  });
});
