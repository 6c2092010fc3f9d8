import {
  type JobPreferences,
  noPreferences,
  ZCandidateDetailAnswer,
  ZEmployerExport,
  ZEmployerMatchingMyData,
  ZEmployerRequestsAnswer,
  ZEmployerRequestWriteAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
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
  preferences: noPreferences,
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

/** Every field name a schema holds at any depth, and whether each of its objects is strict. */
function fieldsOf(schema: z.core.$ZodType, path = ''): { names: Set<string>; loose: string[] } {
  const names = new Set<string>();
  const loose: string[] = [];
  const walk = (node: z.core.$ZodType, at: string) => {
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    const inner = (key: string) => def[key] as z.core.$ZodType;
    if (def.type === 'object') {
      const catchall = def.catchall as z.core.$ZodType | undefined;
      if (catchall?._zod.def.type !== 'never') loose.push(at || '(root)');
      for (const [name, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        names.add(name);
        walk(field, `${at}.${name}`);
      }
    } else if (def.type === 'array') walk(inner('element'), `${at}[]`);
    else if (['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      walk(inner('innerType'), at);
    else if (def.type === 'pipe') {
      walk(inner('in'), at);
      walk(inner('out'), at);
    } else if (def.type === 'union') for (const option of def.options as z.core.$ZodType[]) walk(option, at);
  };
  walk(schema, path);
  return { names, loose };
}

describe('the preferences in the projection', () => {
  // values no other field of Florence's profile holds
  const preferences: JobPreferences = {
    workModes: ['hybrid'],
    countries: ['LI', 'MC'],
    noticeWeeks: 23,
    minimumSalary: { amount: 987_654, currency: 'CHF' },
  };

  it("go only into `preferences`, meant for matching's filter: every other field is as without them", () => {
    const { preferences: carried, ...rest } = anonymousProjection({ ...florence, preferences });
    const { preferences: none, ...without } = anonymousProjection(florence);
    expect(carried).toEqual(preferences);
    expect(none).toEqual(noPreferences);
    expect(rest).toEqual(without);
    expect(JSON.stringify(rest)).not.toMatch(/987654|CHF|hybrid|"LI"|"MC"/);
  });

  it('have no field in any answer an employer gets from matching, whose objects are all strict', () => {
    const preferenceFields = [
      'preferences',
      'workModes',
      'work_modes',
      'countries',
      'noticeWeeks',
      'notice_weeks',
      'minimumSalary',
      'minimum_salary',
    ];
    const answers = {
      ZSearchAnswer,
      ZCandidateDetailAnswer,
      ZEmployerRequestsAnswer,
      ZEmployerRequestWriteAnswer,
      ZEmployerMatchingMyData,
    };
    for (const [name, schema] of Object.entries(answers)) {
      const { names, loose } = fieldsOf(schema);
      expect(loose, `${name}: objects that would let an extra field through`).toEqual([]);
      expect(
        preferenceFields.filter((field) => names.has(field)),
        name,
      ).toEqual([]);
    }
    // the employer's whole "Download my data" has none either (its company profile is its own)
    const exported = fieldsOf(ZEmployerExport).names;
    expect(preferenceFields.filter((field) => exported.has(field))).toEqual([]);
    // and the walk sees fields at depth: it would find them
    expect(fieldsOf(ZSearchAnswer).names).toContain('matched');
  });
});
