import { describe, expect, it } from 'vitest';
import { ZCandidateEvent, ZCandidateProfileChanged, ZCandidateProfileEvent } from './candidates';

const projection = {
  candidateId: '00000000-0000-4000-8000-000000000002',
  uniqueCode: 'EM123456',
  version: 4,
  searchable: true,
  location: 'Oslo, Norway',
  gender: 'female',
  skills: [],
  experiences: [],
  education: [],
  certifications: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const envelope = {
  id: '00000000-0000-4000-8000-000000000009',
  type: 'candidate.profile-changed',
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'profile',
  aggregateId: projection.candidateId,
};

const settings = {
  ownerUserId: '00000000-0000-4000-8000-000000000007',
  askBeforeSharing: true,
  paused: false,
  blockedCompanies: ['globex'],
  blockedDomains: ['globex.example'],
};

describe('the candidate projection event', () => {
  it('carries a birth year and the visibility settings, and refuses a date of birth (version 3)', () => {
    const event = { ...envelope, version: 3, data: { ...projection, birthYear: 1990, ...settings } };
    expect(ZCandidateProfileChanged.parse(event).data.birthYear).toBe(1990);
    expect(ZCandidateProfileChanged.parse(event).data.blockedCompanies).toEqual(['globex']);
    expect(
      ZCandidateProfileChanged.safeParse({ ...event, data: { ...event.data, dateOfBirth: '1990-05-01' } })
        .success,
    ).toBe(false);
  });

  it('reads a version 2 event as version 3: no owner known, consent off, not paused, nothing blocked', () => {
    const old = { ...envelope, version: 2, data: { ...projection, birthYear: 1990 } };
    const read = ZCandidateProfileEvent.parse(old);
    expect(read.version).toBe(3);
    expect(read.data).toMatchObject({
      birthYear: 1990,
      ownerUserId: null,
      askBeforeSharing: false,
      paused: false,
      blockedCompanies: [],
      blockedDomains: [],
    });
    expect(ZCandidateProfileEvent.safeParse({ ...old, data: { ...old.data, ...settings } }).success).toBe(
      false,
    );
  });

  it('reads an old version 1 event as version 3, keeping only the year of the date of birth', () => {
    const old = { ...envelope, version: 1, data: { ...projection, dateOfBirth: '1990-05-01' } };
    const read = ZCandidateProfileEvent.parse(old);
    expect(read.version).toBe(3);
    expect(read.data.birthYear).toBe(1990);
    expect(read.data.paused).toBe(false);
    expect(JSON.stringify(read)).not.toContain('1990-05-01');
    expect(
      ZCandidateProfileEvent.parse({ ...old, data: { ...old.data, dateOfBirth: null } }).data.birthYear,
    ).toBeNull();
    expect(ZCandidateProfileEvent.safeParse({ ...old, version: 3 }).success).toBe(false);
  });

  it('reads an erased candidate as the marker, ids only, and a profile change still as a profile', () => {
    const erased = {
      ...envelope,
      type: 'candidate.erased',
      version: 1,
      data: { candidateId: projection.candidateId, ownerUserId: envelope.id, erasedAt: projection.updatedAt },
    };
    expect(ZCandidateEvent.parse(erased).type).toBe('candidate.erased');
    // the marker holds nothing else: a detail on it fails
    expect(ZCandidateEvent.safeParse({ ...erased, data: { ...erased.data, location: 'Oslo' } }).success).toBe(
      false,
    );
  });
});
