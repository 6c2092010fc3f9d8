import {
  noPreferences,
  ZCandidateProfileChanged,
  ZJobPreferencesAnswer,
  ZJobPreferencesWriteAnswer,
  ZJobSeekerProfileMyData,
  ZProfileAnswer,
} from '@meritmatch/contracts';
import type { CallInit } from '@meritmatch/service-kit/testing/in-process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ProfileHarness, profileHarness } from '../testing/harness';
import { profileInput } from './fixtures';

const preferences = {
  workModes: ['hybrid', 'remote'],
  countries: ['DE', 'AT'],
  noticeWeeks: 8,
  minimumSalary: { amount: 65000, currency: 'EUR' },
};

describe("the job seeker's private job preferences", () => {
  let profile: ProfileHarness;
  let seeker: Account;
  const api = (path: string, init: CallInit = {}) => profile.as(seeker, '/api/job-seeker')(path, init);
  const save = (body: unknown) => api('/preferences', { method: 'PUT', body });
  /** What the candidates topic would carry for this job seeker: the events the store keeps for the relay. */
  const projections = () =>
    profile.profiles
      .published()
      .map(({ _requestId, ...event }) => ZCandidateProfileChanged.parse(event))
      .filter((event) => event.data.ownerUserId === seeker.id);

  beforeAll(async () => {
    profile = await profileHarness();
    seeker = await profile.jobSeeker();
  });

  it('answers 404 before the profile exists, and stores nothing', async () => {
    for (const answer of [await api('/preferences'), await save(preferences)]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await api('/profile')).status).toBe(404);
  });

  it('start as none: any work mode, anywhere, no notice and no minimum', async () => {
    const created = await api('/profile', { method: 'POST', body: profileInput });
    expect(created.body.profile.preferences).toEqual(noPreferences);
    expect(ZJobPreferencesAnswer.parse((await api('/preferences')).body)).toEqual({
      preferences: noPreferences,
    });
    expect(projections().at(-1)?.data.preferences).toEqual(noPreferences);
  });

  it('are saved whole, read back, shown in the own profile and carried by a version 4 projection', async () => {
    const saved = await save(preferences);
    expect(saved.status).toBe(200);
    expect(ZJobPreferencesWriteAnswer.parse(saved.body)).toEqual({
      message: 'Preferences saved successfully!',
      preferences,
    });
    expect((await api('/preferences')).body).toEqual({ preferences });
    expect(ZProfileAnswer.parse((await api('/profile')).body).profile.preferences).toEqual(preferences);
    const last = projections().at(-1)!;
    expect(last.version).toBe(4);
    expect(last.data.preferences).toEqual(preferences);

    // and cleared again: none at all
    expect((await save(noPreferences)).body.preferences).toEqual(noPreferences);
    expect(projections().at(-1)?.data.preferences).toEqual(noPreferences);
    await save(preferences);
  });

  it.each([
    ['an unknown work mode', { ...preferences, workModes: ['office'] }, 'Unknown work mode'],
    ['a country twice', { ...preferences, countries: ['DE', 'DE'] }, 'Each country can be chosen once'],
    ['an unknown country', { ...preferences, countries: ['Germany'] }, 'Unknown country'],
    ['a negative notice', { ...preferences, noticeWeeks: -2 }, 'Notice period cannot be negative'],
    ['a notice of a year', { ...preferences, noticeWeeks: 52 }, 'Notice period can be at most 26 weeks'],
    [
      'a salary in cents',
      { ...preferences, minimumSalary: { amount: 65000.5, currency: 'EUR' } },
      'Minimum salary must be a whole number',
    ],
    [
      'an unknown currency',
      { ...preferences, minimumSalary: { amount: 65000, currency: 'XBT' } },
      'Unknown currency',
    ],
    ['a field of its own', { ...preferences, showToEmployers: true }, 'Unknown field: showToEmployers'],
    ['an operator', { ...preferences, countries: { $ne: null } }, 'countries must be a list'],
  ])('refuses %s with the error shape and changes nothing', async (_, body, message) => {
    const before = (await api('/profile')).body.profile;
    const published = profile.profiles.published().length;
    const answer = await save(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await api('/profile')).body.profile).toEqual(before);
    expect(profile.profiles.published()).toHaveLength(published);
  });

  it("are in the job seeker's part of Download my data", async () => {
    const mine = ZJobSeekerProfileMyData.parse((await profile.as(seeker)('/my-data')).body);
    expect(mine.profile?.preferences).toEqual(preferences);
  });

  it("are the job seeker's own: another job seeker reads theirs, an employer none", async () => {
    const other = await profile.jobSeeker();
    const otherApi = profile.as(other, '/api/job-seeker');
    await otherApi('/profile', { method: 'POST', body: { ...profileInput, fullName: 'Other Person' } });
    expect((await otherApi('/preferences')).body).toEqual({ preferences: noPreferences });
    const employer = await profile.employer();
    for (const init of [{}, { method: 'PUT', body: preferences }] as const)
      expect((await profile.as(employer, '/api/job-seeker')('/preferences', init)).status).toBe(403);
    expect((await profile.call('/api/job-seeker/preferences')).status).toBe(401);
    expect((await api('/preferences')).body).toEqual({ preferences });
  });
});
