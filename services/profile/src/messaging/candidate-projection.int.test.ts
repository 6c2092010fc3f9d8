import {
  type CandidateProfileChanged,
  candidatesTopic,
  ZCandidateProfileChanged,
} from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** A job seeker who types contact details everywhere. */
const person = {
  fullName: 'Zebulon Quarternight',
  email: 'zebulon.q@example.org',
  phone: '+1 (415) 555-0199',
};

describe('the anonymous candidate projection on Kafka', () => {
  let stack: Stack;
  let seeker: TestAccount;
  let consumer: Consumer;
  const events: CandidateProfileChanged[] = [];
  const raw: string[] = [];
  const api = (path: string, body?: unknown, method = 'POST') =>
    call(`${stack.api}/job-seeker${path}`, { method, body, token: seeker.token });

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    const kafka = createKafka({
      clientId: 'projection-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger: createLogger('projection-test', 'silent'),
    });
    consumer = kafka.consumer({ groupId: uniqueName('projection-test') });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${candidatesTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const text = message.value!.toString();
        raw.push(text);
        events.push(ZCandidateProfileChanged.parse(JSON.parse(text)));
      },
    });
    seeker = await registerAccount(stack, 'job_seeker', person.email);
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await stack?.close();
  });

  it('publishes every change in order, with no personal detail at any depth and contact details masked', async () => {
    await api('/profile', {
      fullName: person.fullName,
      phone: person.phone,
      location: 'Oakland, CA',
      dateOfBirth: '1990-03-14',
    });
    await api('/experience', {
      // the full name typed into the name of a thing is hidden (a single word of it would stay)
      companyName: 'Zebulon Quarternight Consulting',
      position: 'Data Engineer',
      startDate: '2018-01-01',
      isCurrent: true,
      description: `Zebulon here: call me on ${person.phone}, mail ${person.email} or see https://zq.example.org/cv and linkedin.com/in/zebq`,
      skills: ['Spark'],
    });
    await api('/education', {
      institution: 'Stanford',
      degree: "Master's Degree",
      fieldOfStudy: 'Statistics',
      graduationYear: 2014,
      gpa: 3.9,
    });
    await api('/skills', { skills: [{ name: 'Python', proficiencyLevel: 'expert' }, { name: 'SQL' }] });
    await api('/certifications', {
      name: 'Databricks Certified – Zebulon Quarternight',
      issuer: 'Databricks',
      issueDate: '2022-05-01',
      credentialId: 'DB-778899',
      credentialUrl: 'https://credentials.databricks.com/zebulon-quarternight',
    });
    const profile = (await api('/profile', undefined, 'GET')).body.profile;

    const mine = await eventually(
      () => {
        const found = events.filter((event) => event.data.uniqueCode === profile.unique_code);
        return found.length >= 5 ? found : undefined;
      },
      { what: 'five projection events' },
    );

    expect(mine.map((event) => event.data.version)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(mine.map((event) => event.version))).toEqual(new Set([3]));
    expect(new Set(mine.map((event) => event.aggregateId))).toEqual(new Set([profile.id]));
    const last = mine.at(-1)!.data;
    expect(last).toMatchObject({
      candidateId: profile.id,
      location: 'Oakland, CA',
      birthYear: 1990,
      searchable: true,
      skills: [
        { name: 'Python', proficiencyLevel: 'expert' },
        { name: 'SQL', proficiencyLevel: 'intermediate' },
      ],
      education: [
        {
          degree: "Master's Degree",
          fieldOfStudy: 'Statistics',
          institution: 'Stanford',
          graduationYear: 2014,
          gpa: 3.9,
        },
      ],
      certifications: [
        { name: 'Databricks Certified – [name hidden]', issuer: 'Databricks', issueDate: '2022-05-01' },
      ],
    });
    expect(last.experiences[0]).toMatchObject({
      companyName: '[name hidden] Consulting',
      position: 'Data Engineer',
      isCurrent: true,
      endDate: null,
    });
    expect(last.experiences[0]!.description).toBe(
      '[name hidden] here: call me on [phone hidden], mail [email hidden] or see [link hidden] and [link hidden]',
    );

    // the account id travels only as the owner, for the job seeker's own Interest page
    expect(last.ownerUserId).toBe(seeker.id);
    const everything = raw
      .filter((text) => text.includes(profile.unique_code))
      .join('\n')
      .replaceAll(`"ownerUserId":"${seeker.id}"`, '')
      .toLowerCase();
    for (const secret of [
      'zebulon',
      'quarternight',
      '555-0199',
      '4155550199',
      '1990-03-14',
      'example.org',
      'db-778899',
      'credentials.databricks',
      seeker.id,
    ]) {
      expect(everything, secret).not.toContain(secret.toLowerCase());
    }
    for (const key of [
      'fullName',
      'full_name',
      'phone',
      'email',
      'userId',
      'credentialId',
      'credentialUrl',
      'dateOfBirth',
    ]) {
      expect(everything).not.toContain(`"${key.toLowerCase()}"`);
    }
  });

  it('keeps a real place or company that shares a word with the name, and hides the name in descriptions', async () => {
    const florence = await seedCandidate(stack, {
      fullName: 'Florence Marlowe',
      location: 'Florence, Italy',
      experiences: [
        {
          companyName: 'Marlowe Logistics',
          position: 'Planner',
          startDate: '2019-01-01',
          isCurrent: true,
          description: 'Florence here: ask for Marlowe or Florence Marlowe',
        },
      ],
      education: [{ institution: 'University of Florence', degree: "Bachelor's Degree" }],
    });

    const projection = await eventually(
      () =>
        events.find(
          (event) => event.data.uniqueCode === florence.uniqueCode && event.data.education.length === 1,
        )?.data,
      { what: "Florence's projection with her education" },
    );

    expect(projection.location).toBe('Florence, Italy');
    expect(projection.education[0]!.institution).toBe('University of Florence');
    expect(projection.experiences[0]).toMatchObject({
      companyName: 'Marlowe Logistics',
      description: '[name hidden] here: ask for [name hidden] or [name hidden]',
    });
  });

  it("publishes the candidate's settings at once: consent, pause, and the block list as keys only", async () => {
    const profile = (await api('/profile', undefined, 'GET')).body.profile;
    const saved = await api(
      '/settings',
      {
        askBeforeSharing: true,
        paused: true,
        blockedCompanies: [{ name: 'Globex, Inc.', website: 'https://careers.globex.example/jobs' }],
        allowedCurrentEmployers: [],
      },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const projection = await eventually(
      () =>
        events
          .filter((event) => event.data.uniqueCode === profile.unique_code)
          .find((event) => event.data.paused)?.data,
      { what: 'the paused projection' },
    );
    expect(projection).toMatchObject({
      askBeforeSharing: true,
      paused: true,
      // the current employer (its name masked) is blocked by default
      blockedCompanies: ['globex', 'namehiddenconsulting'],
      blockedDomains: ['careers.globex.example'],
    });
    const text = raw.filter((line) => line.includes('"paused":true')).join('\n');
    expect(text).not.toContain('Globex, Inc.');
    expect(text).not.toContain('https://');
    await api('/settings', { askBeforeSharing: false, paused: false, blockedCompanies: [] }, 'PUT');
  });

  it('marks the candidate not searchable when the account is suspended, and searchable again on restore', async () => {
    const admin = await adminAccount(stack);
    const profile = (await api('/profile', undefined, 'GET')).body.profile;
    const setStatus = (status: string) =>
      call(`${stack.url('auth')}/internal/users/${seeker.id}/status`, {
        method: 'PUT',
        token: admin.token,
        body: { status },
      });
    const latest = () => events.filter((event) => event.data.uniqueCode === profile.unique_code).at(-1)?.data;

    await setStatus('suspended');
    await eventually(() => latest()?.searchable === false, { what: 'not searchable', timeoutMs: 10000 });
    await setStatus('active');
    await eventually(() => latest()?.searchable === true, { what: 'searchable again', timeoutMs: 10000 });
  });
});
