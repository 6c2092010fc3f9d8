import { employersTopic, ZCompanyProfileWriteAnswer, ZEmployerProfileChanged } from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  companyInput,
  eventually,
  registerAccount,
  type Stack,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

describe('the company profile and its verification', () => {
  let stack: Stack;
  let employer: TestAccount;
  let consumer: Consumer;
  const snapshots: Array<{ employerId: string; companyName: string; verified: boolean; version: number }> =
    [];
  const api = (init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/employer/profile`, { ...init, token: employer.token });

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    employer = await registerAccount(stack, 'employer');
    const kafka = createKafka({
      clientId: 'employer-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger: createLogger('t', 'silent'),
    });
    consumer = kafka.consumer({ groupId: uniqueName('employer-test') });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${employersTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        snapshots.push(ZEmployerProfileChanged.parse(JSON.parse(message.value!.toString())).data);
      },
    });
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await stack?.close();
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
    await eventually(
      () => snapshots.some((s) => s.employerId === employer.id && s.companyName === 'Acme Robotics GmbH'),
      {
        what: 'the edit published',
      },
    );
  });

  it('lets an admin verify and revoke, which employers see and the topic carries', async () => {
    const admin = await adminAccount(stack);
    const verify = (verified: unknown, token = admin.token) =>
      call(`${stack.url('profile')}/internal/employers/${employer.id}/verification`, {
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
    await eventually(() => snapshots.filter((s) => s.employerId === employer.id).at(-1)?.verified === false, {
      what: 'revoked',
    });
    const versions = snapshots.filter((s) => s.employerId === employer.id).map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const missing = await call(
      `${stack.url('profile')}/internal/employers/6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d/verification`,
      {
        method: 'PUT',
        token: admin.token,
        body: { verified: true },
      },
    );
    expect(missing.status).toBe(404);
  });
});
