import { ZProfileAnswer, ZProfileWriteAnswer, ZSkillSuggestionsAnswer } from '@meritmatch/contracts';
import type { CallInit } from '@meritmatch/service-kit/testing/in-process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type ProfileHarness, profileHarness } from '../testing/harness';
import { certificationInput, educationInput, experienceInput, profileInput } from './fixtures';

describe('the job seeker profile API', () => {
  let profile: ProfileHarness;
  let seeker: Account;
  const api = (path: string, init: CallInit = {}) => profile.as(seeker, '/api/job-seeker')(path, init);

  beforeAll(async () => {
    profile = await profileHarness();
    seeker = await profile.jobSeeker();
  });

  it('answers 404 before the profile exists', async () => {
    const answer = await api('/profile');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('creates the profile with a unique code and reads it back in snake_case', async () => {
    const created = await api('/profile', { method: 'POST', body: profileInput });
    expect(created.status).toBe(201);
    const { message, profile } = ZProfileWriteAnswer.parse(created.body);
    expect(message).toBe('Profile created successfully!');
    expect(profile).toMatchObject({
      full_name: 'Amara Okafor',
      phone: '+44 7700 900123',
      location: 'Manchester, UK',
      date_of_birth: '1994-05-17',
      gender: 'female',
      unique_code: expect.stringMatching(/^EM\d{6}$/),
      skills: [],
      experiences: [],
      education: [],
      certifications: [],
    });
    const read = ZProfileAnswer.parse((await api('/profile')).body);
    expect(read.profile).toEqual(profile);
    const again = await api('/profile', { method: 'POST', body: profileInput });
    expect(again.status).toBe(409);
  });

  it('gives every profile its own code, unrelated to the last one', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const other = await profile.jobSeeker();
      const created = await profile.as(other, '/api/job-seeker')('/profile', { body: profileInput });
      codes.add(created.body.profile.unique_code);
    }
    expect(codes.size).toBe(4);
    const numbers = [...codes].map((code) => Number(code.slice(2))).sort((a, b) => a - b);
    expect(numbers.some((n, i) => i > 0 && n - numbers[i - 1]! === 1)).toBe(false);
  });

  it('edits the personal basics with the same rules', async () => {
    const answer = await api('/profile', {
      method: 'PUT',
      body: { ...profileInput, location: 'Leeds, UK', phone: '' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Profile updated successfully!');
    expect(answer.body.profile).toMatchObject({ location: 'Leeds, UK', phone: null });
  });

  it('adds, updates and deletes experience', async () => {
    const added = await api('/experience', { method: 'POST', body: experienceInput });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Experience added successfully!');
    const [entry] = added.body.profile.experiences;
    expect(entry).toMatchObject({
      company_name: 'Northwind Logistics',
      position: 'Backend Engineer',
      start_date: '2019-02-01',
      end_date: '2022-08-31',
      is_current: false,
      experience_type: 'professional',
      skills: ['TypeScript', 'PostgreSQL'],
    });

    const current = await api(`/experience/${entry.id}`, {
      method: 'PUT',
      body: { ...experienceInput, isCurrent: true, endDate: '2023-01-01', position: 'Lead Engineer' },
    });
    expect(current.body.message).toBe('Experience updated successfully!');
    expect(current.body.profile.experiences[0]).toMatchObject({
      id: entry.id,
      position: 'Lead Engineer',
      is_current: true,
      end_date: null,
    });

    const second = await api('/experience', {
      method: 'POST',
      body: { ...experienceInput, companyName: 'Acme' },
    });
    const removed = await api(`/experience/${entry.id}`, { method: 'DELETE' });
    expect(removed.body.message).toBe('Experience deleted successfully!');
    expect(removed.body.profile.experiences.map((e: { company_name: string }) => e.company_name)).toEqual([
      'Acme',
    ]);
    expect(second.status).toBe(201);
  });

  it('adds, updates and deletes education, leaving out empty optional fields', async () => {
    const added = await api('/education', { method: 'POST', body: educationInput });
    expect(added.body.message).toBe('Education added successfully!');
    const [entry] = added.body.profile.education;
    expect(entry).toMatchObject({
      institution: 'University of Leeds',
      degree: "Bachelor's Degree",
      graduation_year: 2016,
      gpa: 3.7,
    });
    const bare = await api(`/education/${entry.id}`, {
      method: 'PUT',
      body: {
        institution: 'Leeds College',
        degree: 'Diploma',
        fieldOfStudy: '',
        graduationYear: '',
        gpa: '',
      },
    });
    expect(bare.body.message).toBe('Education updated successfully!');
    expect(bare.body.profile.education[0]).toMatchObject({
      field_of_study: null,
      graduation_year: null,
      gpa: null,
    });
    const removed = await api(`/education/${entry.id}`, { method: 'DELETE' });
    expect(removed.body.message).toBe('Education deleted successfully!');
    expect(removed.body.profile.education).toEqual([]);
  });

  it('adds skills, dropping blank rows and merging a name already listed', async () => {
    const added = await api('/skills', {
      method: 'POST',
      body: { skills: [{ name: 'React', proficiencyLevel: 'expert' }, { name: '  ' }, { name: 'Go' }] },
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Skills added successfully!');
    expect(
      added.body.profile.skills.map((s: { name: string; proficiency_level: string }) => [
        s.name,
        s.proficiency_level,
      ]),
    ).toEqual([
      ['React', 'expert'],
      ['Go', 'intermediate'],
    ]);
    const merged = await api('/skills', {
      method: 'POST',
      body: { skills: [{ name: 'react', proficiencyLevel: 'advanced' }] },
    });
    expect(merged.body.profile.skills).toHaveLength(2);
    expect(merged.body.profile.skills[0]).toMatchObject({ name: 'React', proficiency_level: 'advanced' });
    const removed = await api(`/skills/${merged.body.profile.skills[1].id}`, { method: 'DELETE' });
    expect(removed.body.message).toBe('Skill deleted successfully!');
    expect(removed.body.profile.skills).toHaveLength(1);
  });

  it('suggests skills of the vocabulary for typed text, by any of their names, and refuses a blank or long text', async () => {
    const js = await api('/skill-suggestions?q=js');
    expect(js.status).toBe(200);
    expect(ZSkillSuggestionsAnswer.parse(js.body).suggestions[0]).toMatchObject({
      name: 'JavaScript',
      matched: 'JS',
    });
    const python = await api('/skill-suggestions?q=py&limit=3');
    expect(python.body.suggestions).toHaveLength(3);
    expect(python.body.suggestions[0]).toMatchObject({ name: 'Python', matched: 'Python' });
    for (const suggestion of (await api('/skill-suggestions?q=software&limit=20')).body.suggestions) {
      expect(suggestion.name.length).toBeLessThanOrEqual(60);
    }
    expect((await api('/skill-suggestions?q=zzqqxx')).body).toEqual({ suggestions: [] });
    for (const [bad, message] of [
      ['', 'Type part of a skill'],
      ['?q=%20%20', 'Type part of a skill'],
      [`?q=${'a'.repeat(61)}`, 'A skill must be at most 60 characters'],
      ['?q=js&limit=0', expect.stringContaining('limit')],
    ]) {
      const refused = await api(`/skill-suggestions${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await api('/skill-suggestions?q=js&other=1')).body.code).toBe('VALIDATION_FAILED');
  });

  it('adds, updates and deletes certifications', async () => {
    const added = await api('/certifications', { method: 'POST', body: certificationInput });
    expect(added.body.message).toBe('Certification added successfully!');
    const [entry] = added.body.profile.certifications;
    expect(entry).toMatchObject({
      name: 'AWS Certified Developer – Associate',
      issuer: 'Amazon Web Services',
      issue_date: '2021-06-10',
      expiry_date: '2024-06-10',
      credential_id: 'AWS-DEV-12345',
      credential_url: 'https://aws.amazon.com/verification/12345',
    });
    const updated = await api(`/certifications/${entry.id}`, {
      method: 'PUT',
      body: { ...certificationInput, expiryDate: '' },
    });
    expect(updated.body.message).toBe('Certification updated successfully!');
    expect(updated.body.profile.certifications[0].expiry_date).toBeNull();
    const removed = await api(`/certifications/${entry.id}`, { method: 'DELETE' });
    expect(removed.body.message).toBe('Certification deleted successfully!');
  });

  it('keeps consent, pause and the block list, and hides the current employer unless the candidate allows it', async () => {
    const before = ZProfileAnswer.parse((await api('/profile')).body).profile;
    expect(before.settings).toEqual({
      ask_before_sharing: false,
      paused: false,
      blocked_companies: [],
      current_employers: [],
    });
    await api('/experience', {
      method: 'POST',
      body: { ...experienceInput, companyName: 'Globex Ltd', endDate: '', isCurrent: true },
    });
    const current = ZProfileAnswer.parse((await api('/profile')).body).profile;
    expect(current.settings.current_employers).toEqual([{ company_name: 'Globex Ltd', blocked: true }]);

    const saved = await api('/settings', {
      method: 'PUT',
      body: {
        askBeforeSharing: true,
        paused: true,
        blockedCompanies: [{ name: 'Initech', website: 'www.initech.example' }, { name: 'Hooli' }],
        allowedCurrentEmployers: ['GLOBEX'],
      },
    });
    expect(saved.status).toBe(200);
    const { message, profile } = ZProfileWriteAnswer.parse(saved.body);
    expect(message).toBe('Settings saved successfully!');
    expect(profile.settings).toEqual({
      ask_before_sharing: true,
      paused: true,
      blocked_companies: [
        { name: 'Initech', website: 'www.initech.example' },
        { name: 'Hooli', website: null },
      ],
      current_employers: [{ company_name: 'Globex Ltd', blocked: false }],
    });
    expect(ZProfileAnswer.parse((await api('/profile')).body).profile.settings).toEqual(profile.settings);
  });
});
