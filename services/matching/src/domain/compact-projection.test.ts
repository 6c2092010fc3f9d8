import { type CandidateProjection, noPreferences } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { compactProjection, StringPool } from './compact-projection';

const projection = (candidateId: string, overrides: Partial<CandidateProjection> = {}): CandidateProjection =>
  // each value parsed anew, as every event from the topic brings its own copies
  JSON.parse(
    JSON.stringify({
      candidateId,
      uniqueCode: 'EM100001',
      version: 1,
      searchable: true,
      location: 'Berlin, Germany',
      birthYear: 1990,
      gender: null,
      skills: [
        { name: 'TypeScript', proficiencyLevel: 'expert' },
        { name: 'Project Management', proficiencyLevel: 'beginner' },
      ],
      experiences: [
        {
          position: 'Software Engineer',
          companyName: 'Northwind',
          startDate: '2020-01-01',
          endDate: null,
          isCurrent: true,
          description: 'Built the billing system.',
          experienceType: 'professional',
        },
      ],
      education: [
        {
          degree: "Master's Degree",
          fieldOfStudy: null,
          institution: 'Technical University',
          graduationYear: 2015,
          gpa: 3.5,
        },
      ],
      certifications: [],
      updatedAt: '2026-01-01T00:00:00.000Z',
      ownerUserId: null,
      askBeforeSharing: false,
      paused: false,
      blockedCompanies: [],
      blockedDomains: [],
      preferences: noPreferences,
      ...overrides,
    }),
  );

describe('a compact projection', () => {
  it('is equal to the projection in every value and key order, so every answer stays the same', () => {
    const pool = new StringPool();
    const original = projection('a', { preferences: { ...noPreferences, workModes: ['remote'] } });
    const compact = compactProjection(original, pool);
    expect(compact).toEqual(original);
    expect(JSON.stringify(compact)).toBe(JSON.stringify(original));
  });

  it('shares the repeated values, the skills and the empty lists between candidates, frozen', () => {
    const pool = new StringPool();
    const one = compactProjection(projection('a'), pool);
    const two = compactProjection(
      projection('b', { skills: [{ name: 'TypeScript', proficiencyLevel: 'expert' }] }),
      pool,
    );
    expect(two.skills[0]).toBe(one.skills[0]);
    expect(two.experiences[0]).not.toBe(one.experiences[0]);
    expect(two.blockedCompanies).toBe(one.blockedCompanies);
    expect(two.preferences).toBe(one.preferences);
    expect(Object.isFrozen(one.skills[0])).toBe(true);
    expect(() => one.blockedCompanies.push('acme')).toThrow();
  });
});
