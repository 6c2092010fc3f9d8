import { ZCompanyProfileWriteAnswer, ZEmployerProfileChanged } from '@meritmatch/contracts';
import { companyInput } from '@meritmatch/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ProfileHarness, profileHarness } from '../testing/harness';

describe('the company profile and its verification', () => {
  let profile: ProfileHarness;
  let employer: Account;
  /** What the employers topic would carry: the events the store keeps for the relay. */
  const snapshots = () =>
    profile.employerProfiles
      .published()
      .map(({ _requestId, ...event }) => ZEmployerProfileChanged.parse(event).data);
  const api = (init: { method?: string; body?: unknown } = {}) =>
    profile.call('/api/employer/profile', { ...init, token: employer.token });

  beforeAll(async () => {
    profile = await profileHarness();
    employer = await profile.employer();
  });

  it('answers 404 before creation, then creates it pending verification with https:// added', async () => {
    expect((await api()).status).toBe(404);
    const created = await api({ method: 'POST', body: companyInput });
    expect(created.status).toBe(201);
    const { message, profile } = ZCompanyProfileWriteAnswer.parse(created.body);
    expect(message).toBe('Company profile created successfully! Your account is now pending verification.');
    expect(profile).toMatchObject({
      id: employer.id,
      company_name: 'Acme Robotics',
      industry: 'Technology',
      company_size: '51-200',
      website: 'https://acme-robotics.example.com',
      description: 'We build warehouse robots.',
      verified: false,
    });
    expect((await api()).body.profile).toEqual(profile);
    expect((await api({ method: 'POST', body: companyInput })).status).toBe(409);
  });

  it.each([
    [
      { ...companyInput, website: 'not a website' },
      'Please enter a valid website address, for example www.example.com',
    ],
    [
      { ...companyInput, website: 'javascript:alert(1)' },
      'Please enter a valid website address, for example www.example.com',
    ],
    [{ ...companyInput, industry: 'Piracy' }, 'Please choose an industry'],
    [{ ...companyInput, companySize: '2-3' }, 'Please choose a company size'],
    [{ ...companyInput, companyName: ' ' }, 'Company name is required'],
    [{ ...companyInput, description: '' }, 'Company description is required'],
    [{ ...companyInput, verified: true }, 'Unknown field: verified'],
  ])('refuses bad input (%#) and changes nothing', async (body, message) => {
    const before = (await api()).body.profile;
    const answer = await api({ method: 'PUT', body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect((await api()).body.profile).toEqual(before);
  });

  it('edits the profile, keeps it unverified, and publishes each change', async () => {
    const edited = await api({
      method: 'PUT',
      body: { ...companyInput, companyName: 'Acme Robotics GmbH', website: '' },
    });
    expect(edited.body.message).toBe('Company profile updated successfully!');
    expect(edited.body.profile).toMatchObject({
      company_name: 'Acme Robotics GmbH',
      website: null,
      verified: false,
    });
    expect(
      snapshots().some((s) => s.employerId === employer.id && s.companyName === 'Acme Robotics GmbH'),
    ).toBe(true);
  });

  it('lets an admin verify and revoke, which employers see and the topic carries', async () => {
    const admin = await profile.admin();
    const verify = (verified: unknown, token = admin.token) =>
      profile.call(`/internal/employers/${employer.id}/verification`, {
        method: 'PUT',
        token,
        body: { verified },
      });
    expect((await verify(true, employer.token)).status).toBe(403);
    expect((await verify('yes')).status).toBe(400);
    const verified = await verify(true);
    expect(verified.body.message).toBe('Employer verified successfully');
    expect((await api()).body.profile.verified).toBe(true);
    const edited = await api({ method: 'PUT', body: companyInput });
    expect(edited.body.profile.verified).toBe(true);
    const revoked = await verify(false);
    expect(revoked.body.message).toBe('Employer verification revoked successfully');
    expect(
      snapshots()
        .filter((s) => s.employerId === employer.id)
        .at(-1)?.verified,
    ).toBe(false);
    const versions = snapshots()
      .filter((s) => s.employerId === employer.id)
      .map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const missing = await profile.call(
      '/internal/employers/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d/verification',
      {
        method: 'PUT',
        token: admin.token,
        body: { verified: true },
      },
    );
    expect(missing.status).toBe(404);
  });
});
