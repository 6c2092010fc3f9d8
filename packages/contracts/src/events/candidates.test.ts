import { describe, expect, it } from 'vitest';
import { ageBandOf, ageBands, ZCandidateDetail } from '../matching';
import { ZCandidateEvent, ZCandidateProfileChanged } from './candidates';

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

describe('the candidate projection event', () => {
  it('carries a birth year and refuses a date of birth (version 2)', () => {
    const event = { ...envelope, version: 2, data: { ...projection, birthYear: 1990 } };
    expect(ZCandidateProfileChanged.parse(event).data.birthYear).toBe(1990);
    expect(
      ZCandidateProfileChanged.safeParse({ ...event, data: { ...event.data, dateOfBirth: '1990-05-01' } })
        .success,
    ).toBe(false);
  });

  it('reads an old version 1 event as version 2, keeping only the year of the date of birth', () => {
    const old = { ...envelope, version: 1, data: { ...projection, dateOfBirth: '1990-05-01' } };
    const read = ZCandidateEvent.parse(old);
    expect(read.version).toBe(2);
    expect(read.data.birthYear).toBe(1990);
    expect(JSON.stringify(read)).not.toContain('1990-05-01');
    expect(
      ZCandidateEvent.parse({ ...old, data: { ...old.data, dateOfBirth: null } }).data.birthYear,
    ).toBeNull();
    expect(ZCandidateEvent.safeParse({ ...old, version: 3 }).success).toBe(false);
  });
});

describe('age bands', () => {
  it('nest: every wider band holds the narrower bands of the same ages', () => {
    for (let age = 16; age <= 90; age++) {
      const [five, ten, twenty] = ([5, 10, 20] as const).map((width) => ageBandOf(age, width));
      for (const band of [five, ten, twenty]) expect(ageBands).toContain(band);
      const range = (band: string) => {
        const [low, high] = band.replace('+', '–200').split('–').map(Number) as [number, number];
        return { low, high };
      };
      expect(range(ten!).low).toBeLessThanOrEqual(range(five!).low);
      expect(range(ten!).high).toBeGreaterThanOrEqual(range(five!).high);
      expect(range(twenty!).low).toBeLessThanOrEqual(range(ten!).low);
      expect(range(twenty!).high).toBeGreaterThanOrEqual(range(ten!).high);
      expect(range(five!).low).toBeLessThanOrEqual(age);
      expect(range(five!).high).toBeGreaterThanOrEqual(age);
    }
    expect([ageBandOf(16, 5), ageBandOf(24, 10), ageBandOf(34, 20), ageBandOf(80, 20)]).toEqual([
      '16–19',
      '16–24',
      '16–34',
      '55+',
    ]);
  });

  it('are the only age an employer can be sent', () => {
    const detail = {
      id: projection.candidateId,
      unique_code: 'EM123456',
      location: 'Oslo, Norway',
      gender: null,
      skills: [],
      experiences: [],
      education: [],
      certifications: [],
    };
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: '35–44' }).success).toBe(true);
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: '36' }).success).toBe(false);
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: null, age: 36 }).success).toBe(false);
  });
});
