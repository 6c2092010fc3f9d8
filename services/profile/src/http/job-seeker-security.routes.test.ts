import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ProfileHarness, profileHarness } from '../testing/harness';
import { educationInput, experienceInput, profileInput } from './fixtures';

describe('every profile entry belongs to its user, and the service checks tokens itself', () => {
  let profile: ProfileHarness;
  let owner: Account;
  let intruder: Account;
  const as = (account: Account) => profile.as(account, '/api/job-seeker');

  beforeAll(async () => {
    profile = await profileHarness();
    owner = await profile.jobSeeker();
    intruder = await profile.jobSeeker();
    await as(owner)('/profile', { method: 'POST', body: profileInput });
    await as(intruder)('/profile', { method: 'POST', body: { ...profileInput, fullName: 'Other Person' } });
  });

  it("answers 404 for another user's entry ids and changes nothing", async () => {
    const owned = (await as(owner)('/experience', { method: 'POST', body: experienceInput })).body.profile;
    const withEducation = (await as(owner)('/education', { method: 'POST', body: educationInput })).body
      .profile;
    const skills = (await as(owner)('/skills', { method: 'POST', body: { skills: [{ name: 'Rust' }] } })).body
      .profile;
    const experienceId = owned.experiences[0].id;
    const educationId = withEducation.education[0].id;
    const skillId = skills.skills[0].id;
    const before = (await as(owner)('/profile')).body.profile;

    for (const [method, path, body] of [
      ['PUT', `/experience/${experienceId}`, experienceInput],
      ['DELETE', `/experience/${experienceId}`, undefined],
      ['PUT', `/education/${educationId}`, educationInput],
      ['DELETE', `/education/${educationId}`, undefined],
      ['DELETE', `/skills/${skillId}`, undefined],
    ] as const) {
      const answer = await as(intruder)(path, { method, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    expect((await as(owner)('/profile')).body.profile).toEqual(before);
    expect((await as(intruder)('/profile')).body.profile.full_name).toBe('Other Person');
  });

  // through the gateway: flows.int.test.ts
  it('refuses other roles and calls without a token, directly at the service', async () => {
    const employer = await profile.employer();
    const service = await profile.service();
    expect((await profile.call('/api/job-seeker/profile', { token: employer.token })).status).toBe(403);
    expect((await profile.call('/api/job-seeker/profile', { token: service.token })).status).toBe(403);
    expect((await profile.call('/api/job-seeker/profile')).status).toBe(401);
    expect(
      (await profile.call('/api/job-seeker/skill-suggestions?q=js', { token: employer.token })).status,
    ).toBe(403);
    expect((await profile.call('/api/job-seeker/skill-suggestions?q=js')).status).toBe(401);
    expect(
      (
        await profile.call('/internal/candidates/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', {
          token: owner.token,
        })
      ).status,
    ).toBe(403);
  });

  // the suspension as it travels from the auth service: flows.int.test.ts
  it("refuses a suspended user's old token as soon as the service learns of it, and a restore does not bring it back", async () => {
    const account = await profile.jobSeeker();
    expect((await profile.call('/api/job-seeker/profile', { token: account.token })).status).toBe(404);
    profile.setStatus(account.id, 'suspended');
    const refused = await profile.call('/api/job-seeker/profile', { token: account.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your account is not active; please sign in again');
    profile.setStatus(account.id, 'active');
    expect((await profile.call('/api/job-seeker/profile', { token: account.token })).status).toBe(401);
  });

  it('gives admins the full profile with personal details, internally, and records the read', async () => {
    const admin = await profile.admin();
    const candidateId = (await as(owner)('/profile')).body.profile.id;
    const answer = await profile.call(`/internal/candidates/${candidateId}`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.candidate).toMatchObject({
      full_name: 'Amara Okafor',
      phone: '+44 7700 900123',
      user_id: owner.id,
    });
    expect(profile.reads.at(-1)).toMatchObject({
      adminUserId: admin.id,
      details: ['name', 'phone'],
      jobSeekers: [{ userId: owner.id, reason: { purpose: 'user-management' } }],
    });
  });
});
