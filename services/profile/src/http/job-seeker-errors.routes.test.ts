import type { CallInit } from '@meritmatch/service-kit/testing/in-process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ProfileHarness, profileHarness } from '../testing/harness';
import { certificationInput, educationInput, experienceInput, profileInput } from './fixtures';

const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('the profile API refuses bad input with the error shape and changes nothing', () => {
  let profile: ProfileHarness;
  let seeker: Account;
  const api = (path: string, init: CallInit = {}) => profile.as(seeker, '/api/job-seeker')(path, init);
  const snapshot = async () => (await api('/profile')).body.profile;

  beforeAll(async () => {
    profile = await profileHarness();
    seeker = await profile.jobSeeker();
  });

  it.each([
    [
      'a 15-year-old',
      { ...profileInput, dateOfBirth: yearsAgo(16, 1) },
      'You must be at least 16 years old to create a profile',
    ],
    ['no full name', { ...profileInput, fullName: '   ' }, 'Full name is required'],
    ['no location', { ...profileInput, location: undefined }, 'Location is required'],
    ['no date of birth', { ...profileInput, dateOfBirth: '' }, 'Date of birth is required'],
    ['an impossible date', { ...profileInput, dateOfBirth: '1990-02-30' }, 'Must be a date (YYYY-MM-DD)'],
    ['an unknown gender', { ...profileInput, gender: 'robot' }, 'Please choose one of the gender options'],
    ['an operator as name', { ...profileInput, fullName: { $ne: null } }, 'Full name is required'],
    [
      'a very long name',
      { ...profileInput, fullName: 'x'.repeat(121) },
      'Full name must be at most 120 characters',
    ],
  ])('refuses a profile with %s', async (_, body, message) => {
    const answer = await api('/profile', { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await api('/profile')).status).toBe(404);
  });

  it('accepts exactly 16 years and refuses entries before a profile exists', async () => {
    expect((await api('/experience', { method: 'POST', body: experienceInput })).status).toBe(404);
    const created = await api('/profile', {
      method: 'POST',
      body: { ...profileInput, dateOfBirth: yearsAgo(16) },
    });
    expect(created.status).toBe(201);
  });

  const refusals: Array<[string, string, unknown, string]> = [
    ['experience', 'no company', { ...experienceInput, companyName: '' }, 'Company name is required'],
    ['experience', 'no start date', { ...experienceInput, startDate: '' }, 'Start date is required'],
    [
      'experience',
      'a start after the end',
      { ...experienceInput, startDate: '2023-01-01', endDate: '2022-01-01' },
      'Start date must be before the end date',
    ],
    [
      'experience',
      'a future start',
      { ...experienceInput, startDate: '2999-01-01', endDate: null },
      'Start date cannot be in the future',
    ],
    [
      'experience',
      'a bad type',
      { ...experienceInput, experienceType: 'volunteer' },
      'Experience type must be none, internship or professional',
    ],
    [
      'experience',
      'isCurrent as text',
      { ...experienceInput, isCurrent: 'yes' },
      'isCurrent must be true or false',
    ],
    ['education', 'no institution', { ...educationInput, institution: '' }, 'Institution is required'],
    ['education', 'an unknown degree', { ...educationInput, degree: 'Wizardry' }, 'Please choose a degree'],
    [
      'education',
      'graduation in 1949',
      { ...educationInput, graduationYear: 1949 },
      'Graduation year must be 1950 or later',
    ],
    [
      'education',
      'graduation 7 years ahead',
      { ...educationInput, graduationYear: new Date().getUTCFullYear() + 7 },
      'Graduation year can be at most 6 years from now',
    ],
    ['education', 'a GPA over 4', { ...educationInput, gpa: 4.01 }, 'GPA must be between 0 and 4'],
    [
      'education',
      'a GPA with three decimals',
      { ...educationInput, gpa: 3.333 },
      'GPA can have at most two decimals',
    ],
    ['education', 'a GPA as text', { ...educationInput, gpa: 'A' }, 'GPA must be a number'],
    [
      'skills',
      'only blank rows',
      { skills: [{ name: '' }, { name: '   ' }] },
      'Please add at least one skill',
    ],
    ['skills', 'no list', {}, 'Please add at least one skill'],
    [
      'skills',
      'a bad level',
      { skills: [{ name: 'Go', proficiencyLevel: 'guru' }] },
      'Proficiency must be beginner, intermediate, advanced or expert',
    ],
    ['certifications', 'no issuer', { ...certificationInput, issuer: '' }, 'Issuer is required'],
    ['certifications', 'no issue date', { ...certificationInput, issueDate: '' }, 'Issue date is required'],
    [
      'certifications',
      'an expiry before the issue',
      { ...certificationInput, expiryDate: '2020-01-01' },
      'Expiry date must be after the issue date',
    ],
    [
      'certifications',
      'a non-web credential URL',
      { ...certificationInput, credentialUrl: 'javascript:alert(1)' },
      'Credential URL must be a web address (https://…)',
    ],
  ];

  it.each(refusals)('refuses %s with %s', async (section, _, body, message) => {
    const before = await snapshot();
    const answer = await api(`/${section}`, { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses unknown fields, malformed JSON, huge strings and bad ids', async () => {
    const before = await snapshot();
    expect(
      (await api('/education', { method: 'POST', body: { ...educationInput, verified: true } })).body.message,
    ).toBe('Unknown field: verified');
    expect((await api('/skills', { method: 'POST', rawBody: '{"skills": [' })).body.code).toBe(
      'MALFORMED_JSON',
    );
    const huge = await api('/experience', {
      method: 'POST',
      body: { ...experienceInput, description: 'x'.repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const long = await api('/experience', {
      method: 'POST',
      body: { ...experienceInput, description: 'x'.repeat(3001) },
    });
    expect(long.body.message).toBe('Description must be at most 3000 characters');
    expect((await api('/experience/not-an-id', { method: 'DELETE' })).status).toBe(400);
    expect((await api('/experience/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['no consent flag', { paused: false, blockedCompanies: [] }, 'askBeforeSharing must be true or false'],
    [
      'a website that is not one',
      { askBeforeSharing: false, paused: false, blockedCompanies: [{ name: 'Globex', website: 'globex' }] },
      'Please enter a website such as globex.com',
    ],
    [
      'a blocked company without a name',
      { askBeforeSharing: false, paused: false, blockedCompanies: [{ name: ' ' }] },
      'Company name is required',
    ],
    [
      'too many blocked companies',
      {
        askBeforeSharing: false,
        paused: false,
        blockedCompanies: Array.from({ length: 51 }, (_, i) => ({ name: `Company ${i}` })),
      },
      'At most 50 blocked companies',
    ],
  ])('refuses settings with %s', async (_, body, message) => {
    const before = await snapshot();
    const answer = await api('/settings', { method: 'PUT', body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await snapshot()).toEqual(before);
  });
});
