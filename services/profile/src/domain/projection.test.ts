import { describe, expect, it } from 'vitest';
import { defaultSettings, type JobSeekerProfile } from './job-seeker-profile';
import { anonymousProjection } from './projection';

const now = new Date('2026-01-01T00:00:00Z');

/** Florence Smith lives in Florence, worked at Smith & Wesson and studied in Florence. */
const florence: JobSeekerProfile = {
  userId: '00000000-0000-4000-8000-000000000001',
  candidateId: '00000000-0000-4000-8000-000000000002',
  uniqueCode: 'EM123456',
  fullName: 'Florence Smith',
  phone: '+39 055 1234567',
  location: 'Florence, Italy',
  dateOfBirth: '1990-05-01',
  gender: 'female',
  experiences: [
    {
      id: 'e1',
      companyName: 'Smith & Wesson',
      position: 'Assistant to Florence Smith',
      startDate: '2018-01-01',
      endDate: null,
      isCurrent: true,
      description: 'Florence-born; ask for Smith or call +39 055 1234567',
      experienceType: 'professional',
      skills: [],
    },
  ],
  education: [
    {
      id: 'd1',
      institution: 'University of Florence',
      degree: "Master's Degree",
      fieldOfStudy: 'Florence studies',
    },
  ],
  skills: [{ id: 's1', name: 'Smith welding', proficiencyLevel: 'expert' }],
  certifications: [
    {
      id: 'c1',
      name: 'Florence Smith Award',
      issuer: 'City of Florence',
      issueDate: '2020-01-01',
      skills: [],
    },
  ],
  settings: defaultSettings(),
  accountStatus: 'active',
  inactive: false,
  emailConfirmed: false,
  confirmedAddressesOnly: false,
  version: 3,
  createdAt: now,
  updatedAt: now,
};

describe('the anonymous projection', () => {
  it('keeps places and organisations that share a word with the name, and hides the full name in them', () => {
    const projection = anonymousProjection(florence);
    expect(projection.location).toBe('Florence, Italy');
    expect(projection.experiences[0]).toMatchObject({
      companyName: 'Smith & Wesson',
      position: 'Assistant to [name hidden]',
    });
    expect(projection.education[0]).toMatchObject({
      institution: 'University of Florence',
      fieldOfStudy: 'Florence studies',
    });
    expect(projection.skills[0]!.name).toBe('Smith welding');
    expect(projection.certifications[0]).toMatchObject({
      name: '[name hidden] Award',
      issuer: 'City of Florence',
    });
  });

  it('hides every word of the name and the contact details in descriptions', () => {
    expect(anonymousProjection(florence).experiences[0]!.description).toBe(
      '[name hidden]-born; ask for [name hidden] or call [phone hidden]',
    );
  });

  it('carries the birth year, never the date of birth', () => {
    const projection = anonymousProjection(florence);
    expect(projection.birthYear).toBe(1990);
    expect(JSON.stringify(projection)).not.toContain('1990-05-01');
    expect(projection).not.toHaveProperty('dateOfBirth');
  });
});

describe("the candidate's settings in the projection", () => {
  it('carry the owner, consent and pause, and nothing blocked but the current employer by default', () => {
    const projection = anonymousProjection(florence);
    expect(projection).toMatchObject({
      ownerUserId: florence.userId,
      askBeforeSharing: false,
      paused: false,
      blockedCompanies: ['smithandwesson'],
      blockedDomains: [],
    });
  });

  it('carry the block list as keys only, its names masked like every name of a thing', () => {
    const projection = anonymousProjection({
      ...florence,
      settings: {
        askBeforeSharing: true,
        paused: true,
        blockedCompanies: [
          { name: 'Globex, Inc.', website: 'https://www.globex.example/jobs' },
          { name: 'GLOBEX', website: null },
          { name: 'Florence Smith Consulting', website: null },
        ],
        // the switch that lets the current employer find the candidate again
        allowedCurrentEmployers: ['Smith & Wesson'],
      },
    });
    expect(projection).toMatchObject({ askBeforeSharing: true, paused: true });
    expect(projection.blockedCompanies).toEqual(['globex', 'namehiddenconsulting']);
    expect(projection.blockedDomains).toEqual(['globex.example']);
    expect(JSON.stringify(projection.blockedCompanies)).not.toMatch(/florence|smith/i);
  });

  it('leaves search while the retention limit finds the account inactive, and comes back after a sign-in', () => {
    expect(anonymousProjection(florence).searchable).toBe(true);
    expect(anonymousProjection({ ...florence, inactive: true }).searchable).toBe(false);
    expect(anonymousProjection({ ...florence, inactive: false }).searchable).toBe(true);
  });
});
