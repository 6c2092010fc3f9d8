import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { educationInput, experienceInput, profileInput } from './fixtures';

describe('every profile entry belongs to its user, and the service checks tokens itself', () => {
  let stack: Stack;
  let owner: TestAccount;
  let intruder: TestAccount;
  const as =
    (account: TestAccount) =>
    (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(`${stack.api}/job-seeker${path}`, { ...init, token: account.token });

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    owner = await registerAccount(stack, 'job_seeker');
    intruder = await registerAccount(stack, 'job_seeker');
    await as(owner)('/profile', { method: 'POST', body: profileInput });
    await as(intruder)('/profile', { method: 'POST', body: { ...profileInput, fullName: 'Other Person' } });
  });
  afterAll(() => stack?.close());

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

  it('refuses other roles and calls without a token, through the gateway and directly', async () => {
    const employer = await registerAccount(stack, 'employer');
    expect((await call(`${stack.api}/job-seeker/profile`, { token: employer.token })).status).toBe(403);
    expect(
      (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: employer.token })).status,
    ).toBe(403);
    expect((await call(`${stack.url('profile')}/api/job-seeker/profile`)).status).toBe(401);
    expect(
      (
        await call(`${stack.url('profile')}/internal/candidates/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d`, {
          token: owner.token,
        })
      ).status,
    ).toBe(403);
  });

  it("refuses a suspended user's old token within seconds, through the gateway and directly at the service", async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const admin = await adminAccount(stack);
    expect(
      (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status,
    ).toBe(404);
    await call(`${stack.url('auth')}/internal/users/${account.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    const started = Date.now();
    await eventually(
      async () =>
        (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status ===
          401 && (await call(`${stack.api}/job-seeker/profile`, { token: account.token })).status === 401,
      { what: 'the old token refused everywhere', timeoutMs: 5000 },
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives admins the full profile with personal details, internally', async () => {
    const admin = await adminAccount(stack);
    const candidateId = (await as(owner)('/profile')).body.profile.id;
    const answer = await call(`${stack.url('profile')}/internal/candidates/${candidateId}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.candidate).toMatchObject({
      full_name: 'Amara Okafor',
      phone: '+44 7700 900123',
      user_id: owner.id,
    });
  });
});
