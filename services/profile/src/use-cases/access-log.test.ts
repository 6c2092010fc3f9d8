import type { AccessReason, PersonalDetailsRead } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AccessRow,
  type AccessViews,
  candidateDetails,
  createAccessLog,
  type DetailsRead,
  type SeekerViewEntry,
  seekerEntriesOf,
} from './access-log';

const adminId = '44444444-4444-4444-8444-444444444444';
const adaId = '11111111-1111-4111-8111-111111111111';
const boId = '22222222-2222-4222-8222-222222222222';
const employerId = '33333333-3333-4333-8333-333333333333';
const forRequest: AccessReason = {
  purpose: 'match-request',
  requestId: '55555555-5555-4555-8555-555555555555',
  employerId,
};
const forUsers: AccessReason = { purpose: 'user-management' };
const at = (minute: number) => new Date(Date.UTC(2026, 4, 4, 10, minute));

const eventOf = (id: string, read: Omit<DetailsRead, 'readId'>): PersonalDetailsRead => ({
  id,
  type: 'personal-details.read',
  version: 1,
  occurredAt: read.readAt.toISOString(),
  source: 'auth',
  aggregateId: `read-${id}`,
  data: {
    readId: `read-${id}`,
    adminUserId: read.adminUserId,
    details: read.details,
    jobSeekers: read.jobSeekers,
    readAt: read.readAt.toISOString(),
  },
});

/** The views' contract, in memory: newest first, an event added twice counts once. */
function memoryViews(): AccessViews {
  const seekers = new Map<string, SeekerViewEntry[]>();
  const log: AccessRow[] = [];
  return {
    async add(entriesByUser, row) {
      for (const [userId, entries] of entriesByUser) {
        const known = seekers.get(userId) ?? [];
        seekers.set(userId, [...known, ...entries.filter((e) => !known.some((k) => k.id === e.id))]);
      }
      if (!log.some((known) => known.id === row.id)) log.push(row);
    },
    async seekerEntries(userId, skip, limit) {
      const all = [...(seekers.get(userId) ?? [])].reverse();
      return { entries: all.slice(skip, skip + limit), totalCount: all.length };
    },
    async rows(skip, limit) {
      return { rows: [...log].reverse().slice(skip, skip + limit), totalCount: log.length };
    },
  };
}

function logWith(views: AccessViews, recorded: DetailsRead[] = []) {
  return createAccessLog({
    records: {
      record: async (read) => {
        recorded.push(read);
      },
    },
    views,
    newId: () => `read-${recorded.length + 1}`,
    clock: () => at(30),
    companyNames: async (ids) => new Map(ids.map((id) => [id, 'Acme Robotics'])),
    candidatesOf: async (ids) =>
      new Map(
        ids.filter((id) => id === adaId).map((id) => [id, { candidateId: 'c-1', uniqueCode: 'EM123456' }]),
      ),
    rowJobSeekersShown: 1,
  });
}

describe('the access log', () => {
  it('gives each job seeker of a read one entry per reason, with ids a redelivery repeats', () => {
    const event = eventOf('e-1', {
      adminUserId: adminId,
      readAt: at(1),
      details: ['email'],
      jobSeekers: [
        { userId: adaId, reason: forRequest },
        { userId: boId, reason: forUsers },
        { userId: adaId, reason: forUsers },
      ],
    });
    const entries = seekerEntriesOf(event);
    expect([...entries.keys()]).toEqual([adaId, boId]);
    expect(entries.get(adaId)).toEqual([
      { id: 'e-1:0', readAt: at(1), details: ['email'], reason: forRequest },
      { id: 'e-1:2', readAt: at(1), details: ['email'], reason: forUsers },
    ]);
    expect(seekerEntriesOf(event)).toEqual(entries);
  });

  it('records the name, and the phone only when there is one', () => {
    expect(candidateDetails({ phone: '+49 30 1234567' })).toEqual(['name', 'phone']);
    expect(candidateDetails({ phone: null })).toEqual(['name']);
  });

  it('records a read only when it holds somebody', async () => {
    const recorded: DetailsRead[] = [];
    const log = logWith(memoryViews(), recorded);
    await log.recordRead(adminId, ['name'], []);
    await log.recordRead(adminId, ['name', 'phone'], [{ userId: adaId, reason: forRequest }]);
    expect(recorded).toEqual([
      {
        readId: 'read-1',
        adminUserId: adminId,
        readAt: at(30),
        details: ['name', 'phone'],
        jobSeekers: [{ userId: adaId, reason: forRequest }],
      },
    ]);
  });

  it('builds both views from the events, once, and shows each job seeker only their own', async () => {
    const views = memoryViews();
    const log = logWith(views);
    const first = eventOf('e-1', {
      adminUserId: adminId,
      readAt: at(1),
      details: ['name', 'phone'],
      jobSeekers: [{ userId: adaId, reason: forRequest }],
    });
    const second = eventOf('e-2', {
      adminUserId: adminId,
      readAt: at(2),
      details: ['email'],
      jobSeekers: [
        { userId: adaId, reason: forUsers },
        { userId: boId, reason: forUsers },
      ],
    });
    for (const event of [first, second, first]) await log.project(event);

    const ada = await log.forJobSeeker(adaId, { page: 1, limit: 20 });
    expect(ada.entries.map((e) => [e.id, e.companyName])).toEqual([
      ['e-2:0', null],
      ['e-1:0', 'Acme Robotics'],
    ]);
    expect((await log.forJobSeeker(boId, { page: 1, limit: 20 })).entries.map((e) => e.id)).toEqual([
      'e-2:1',
    ]);
    expect((await log.forJobSeeker('nobody', { page: 1, limit: 20 })).entries).toEqual([]);
    expect((await log.forJobSeeker(adaId, { page: 2, limit: 1 })).pagination).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalCount: 2,
    });

    const admins = await log.forAdmins({ page: 1, limit: 20 });
    expect(admins.pagination.totalCount).toBe(2);
    expect(admins.entries.map((row) => [row.id, row.jobSeekerCount, row.jobSeekers.length])).toEqual([
      ['e-2', 2, 1],
      ['e-1', 1, 1],
    ]);
    expect(admins.entries[1]!.jobSeekers[0]).toMatchObject({
      userId: adaId,
      candidate: { uniqueCode: 'EM123456' },
      companyName: 'Acme Robotics',
    });
  });

  it('leaves an erased job seeker out of a read that arrives after the erasure, and keeps the others as they were', async () => {
    const views = memoryViews();
    const log = logWith(views);
    const read = eventOf('e-3', {
      adminUserId: adminId,
      readAt: at(3),
      details: ['email'],
      jobSeekers: [
        { userId: adaId, reason: forUsers },
        { userId: boId, reason: forUsers },
      ],
    });
    await log.project(read, new Set([adaId]));

    expect((await log.forJobSeeker(adaId, { page: 1, limit: 20 })).entries).toEqual([]);
    // the other job seeker's entry keeps the id it had without the erasure
    expect((await log.forJobSeeker(boId, { page: 1, limit: 20 })).entries.map((e) => e.id)).toEqual([
      'e-3:1',
    ]);
    const rows = (await views.rows(0, 20)).rows;
    expect(rows.map((row) => row.jobSeekers.map((jobSeeker) => jobSeeker.userId))).toEqual([[boId]]);
  });

  it('fails the read when the record cannot be written', async () => {
    const log = createAccessLog({
      records: {
        record: async () => {
          throw new Error('database down');
        },
      },
      views: memoryViews(),
      newId: () => 'read-1',
      companyNames: async () => new Map(),
      candidatesOf: async () => new Map(),
    });
    await expect(log.recordRead(adminId, ['name'], [{ userId: adaId, reason: forUsers }])).rejects.toThrow(
      'database down',
    );
  });
});
