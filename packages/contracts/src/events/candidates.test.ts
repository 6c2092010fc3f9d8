import { describe, expect, it } from 'vitest';
import { noPreferences } from '../preferences';
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

const preferences = {
  workModes: ['remote'],
  countries: ['NO', 'SE'],
  noticeWeeks: 4,
  minimumSalary: { amount: 70000, currency: 'EUR' },
};

describe('the candidate projection event', () => {
  it('carries a birth year, the visibility settings and the preferences, and refuses a date of birth (version 4)', () => {
    const event = {
      ...envelope,
      version: 4,
      data: { ...projection, birthYear: 1990, ...settings, preferences },
    };
    expect(ZCandidateProfileChanged.parse(event).data.birthYear).toBe(1990);
    expect(ZCandidateProfileChanged.parse(event).data.preferences).toEqual(preferences);
    expect(ZCandidateProfileEvent.parse(event)).toEqual(ZCandidateProfileChanged.parse(event));
    expect(ZCandidateProfileChanged.parse(event).data.blockedCompanies).toEqual(['globex']);
    expect(
      ZCandidateProfileChanged.safeParse({ ...event, data: { ...event.data, dateOfBirth: '1990-05-01' } })
        .success,
    ).toBe(false);
  });

  it('refuses preferences it does not know and a version 4 without them', () => {
    const event = {
      ...envelope,
      version: 4,
      data: { ...projection, birthYear: 1990, ...settings, preferences },
    };
    const withPreferences = (changed: object) => ({
      ...event,
      data: { ...event.data, preferences: { ...preferences, ...changed } },
    });
    expect(ZCandidateProfileChanged.safeParse(withPreferences({ label: 'wants 70k' })).success).toBe(false);
    expect(ZCandidateProfileChanged.safeParse(withPreferences({ workModes: ['office'] })).success).toBe(
      false,
    );
    const { preferences: _, ...without } = event.data;
    expect(ZCandidateProfileEvent.safeParse({ ...event, data: without }).success).toBe(false);
  });

  it('reads a version 3 event as version 4 with no preferences: in every search, as before', () => {
    const old = { ...envelope, version: 3, data: { ...projection, birthYear: 1990, ...settings } };
    const read = ZCandidateProfileEvent.parse(old);
    expect(read.version).toBe(4);
    expect(read.data).toEqual({ ...old.data, preferences: noPreferences });
    // a version 3 event carrying preferences is not a version 3 event
    expect(ZCandidateProfileEvent.safeParse({ ...old, data: { ...old.data, preferences } }).success).toBe(
      false,
    );
  });

  it('reads a version 2 event as version 4: no owner known, consent off, not paused, nothing blocked, no preferences', () => {
    const old = { ...envelope, version: 2, data: { ...projection, birthYear: 1990 } };
    const read = ZCandidateProfileEvent.parse(old);
    expect(read.version).toBe(4);
    expect(read.data).toMatchObject({
      preferences: noPreferences,
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

  it('reads an old version 1 event as version 4, keeping only the year of the date of birth', () => {
    const old = { ...envelope, version: 1, data: { ...projection, dateOfBirth: '1990-05-01' } };
    const read = ZCandidateProfileEvent.parse(old);
    expect(read.version).toBe(4);
    expect(read.data.birthYear).toBe(1990);
    expect(read.data.paused).toBe(false);
    expect(read.data.preferences).toEqual(noPreferences);
    expect(JSON.stringify(read)).not.toContain('1990-05-01');
    expect(
      ZCandidateProfileEvent.parse({ ...old, data: { ...old.data, dateOfBirth: null } }).data.birthYear,
    ).toBeNull();
    expect(ZCandidateProfileEvent.safeParse({ ...old, version: 3 }).success).toBe(false);
    expect(ZCandidateProfileEvent.safeParse({ ...old, version: 4 }).success).toBe(false);
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
