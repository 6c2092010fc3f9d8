import { randomUUID } from 'node:crypto';
import {
  type CandidateProfileChanged,
  type CandidateProjection,
  candidatesTopic,
  type EventMeta,
  employerAddressUnconfirmedMessage,
  employersTopic,
  erasuresTopic,
  personalDataReadsTopic,
  systemSettingsKey,
  systemSettingsTopic,
  userManagementReason,
  usersTopic,
  ZCandidateProfileChanged,
  ZErasureRequested,
  ZPersonalDetailsRead,
  ZSystemSettingsChanged,
  ZUserActivityChanged,
  ZUserEmailConfirmed,
  ZUserSessionsEnded,
} from '@meritmatch/contracts';
import { buildEvent, createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  companyInput,
  eventually,
  registerAccount,
  type Stack,
  seedCandidate,
  seedEmployer,
  sleep,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer, Producer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * What the profile service does with the others, on one shared stack (auth, profile and the
 * gateway, the real FerretDB and Kafka): tokens refused across the gateway, the anonymous
 * projection on `candidates`, its part of an erasure, and the rule of confirmed addresses. The
 * events of auth and notifications that no process here writes are published by the test as they
 * publish them. Each route's own cases run in process (`*.routes.test.ts`).
 */
let stack: Stack;
let admin: TestAccount;
let db: Connection;
let producer: Producer;
let consumer: Consumer;
type Seen = { topic: string; key: string; type: string; data: Record<string, unknown>; text: string };
/** Every event on `candidates`, `employers` and `erasures`, as sent. */
const seen: Seen[] = [];
/** The candidates' projections among them, parsed. */
const projectionEvents: CandidateProfileChanged[] = [];

beforeAll(async () => {
  const infra = inject('infra');
  stack = await startStack({ infra, processes: ['auth', 'profile', 'gateway'] });
  admin = await adminAccount(stack);
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_profile` }).asPromise();
  const kafka = createKafka({
    clientId: 'profile-flows-test',
    brokers: infra.kafkaBrokers.split(','),
    logger: createLogger('profile-flows-test', 'silent'),
  });
  producer = kafka.producer();
  await producer.connect();
  consumer = kafka.consumer({ groupId: uniqueName('profile-flows-test') });
  await consumer.connect();
  for (const topic of [candidatesTopic, employersTopic, erasuresTopic])
    await consumer.subscribe({ topic: `${stack.namespace}.${topic}`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ topic, message }) => {
      if (!message.value) return;
      const text = message.value.toString();
      const event = JSON.parse(text);
      const name = topic.split('.').at(-1)!;
      seen.push({ topic: name, key: message.key!.toString(), type: event.type, data: event.data, text });
      if (name === candidatesTopic && event.type === 'candidate.profile-changed')
        projectionEvents.push(ZCandidateProfileChanged.parse(event));
    },
  });
});
afterAll(async () => {
  await consumer?.disconnect();
  await producer?.disconnect();
  await db?.close();
  await stack?.close();
});

/** Publishes as another service would, keyed by the aggregate. */
const publish = async (topic: string, event: EventMeta) =>
  producer.send({
    topic: `${stack.namespace}.${topic}`,
    acks: -1,
    messages: [
      { key: event.aggregateId, value: JSON.stringify(event), headers: { 'event-type': event.type } },
    ],
  });

/** Suspends, restores or deletes an account as an admin does, at its owner (auth). */
const setStatus = async (userId: string, status: string) => {
  const answer = await call(`${stack.url('auth')}/internal/users/${userId}/status`, {
    method: 'PUT',
    token: admin.token,
    body: { status },
  });
  expect(answer.status, answer.text).toBe(200);
};

describe("job seekers' tokens across the gateway and the service", () => {
  // the service's own checks run in process: job-seeker-security.routes.test.ts
  it('refuses other roles through the gateway', async () => {
    const employer = await registerAccount(stack, 'employer');
    expect((await call(`${stack.api}/job-seeker/profile`, { token: employer.token })).status).toBe(403);
  });

  it("refuses a suspended user's old token within seconds, through the gateway and directly at the service", async () => {
    const account = await registerAccount(stack, 'job_seeker');
    expect(
      (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status,
    ).toBe(404);
    await setStatus(account.id, 'suspended');
    const started = Date.now();
    await eventually(
      async () =>
        (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status ===
          401 && (await call(`${stack.api}/job-seeker/profile`, { token: account.token })).status === 401,
      { what: 'the old token refused everywhere', timeoutMs: 5000 },
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the anonymous candidate projection on Kafka', () => {
  /** A job seeker who types contact details everywhere. */
  const person = {
    fullName: 'Zebulon Quarternight',
    email: 'zebulon.q@example.org',
    phone: '+1 (415) 555-0199',
  };
  const apiOf =
    (seeker: TestAccount) =>
    (path: string, body?: unknown, method = 'POST') =>
      call(`${stack.api}/job-seeker${path}`, { method, body, token: seeker.token });
  /** Zebulon's profile: five changes, each with contact details typed in; answers it as read back. */
  const writeZebulonProfile = async (api: ReturnType<typeof apiOf>) => {
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
    return (await api('/profile', undefined, 'GET')).body.profile;
  };
  const projectionTexts = () =>
    seen.filter((event) => event.topic === candidatesTopic).map((event) => event.text);

  it('publishes every change in order, with no personal detail at any depth and contact details masked', async () => {
    const seeker = await registerAccount(stack, 'job_seeker', person.email);
    const profile = await writeZebulonProfile(apiOf(seeker));

    const mine = await eventually(
      () => {
        const found = projectionEvents.filter((event) => event.data.uniqueCode === profile.unique_code);
        return found.length >= 5 ? found : undefined;
      },
      { what: 'five projection events' },
    );

    expect(mine.map((event) => event.data.version)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(mine.map((event) => event.version))).toEqual(new Set([4]));
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
    const everything = projectionTexts()
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
        projectionEvents.find(
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
    const api = apiOf(await registerAccount(stack, 'job_seeker'));
    const profile = await writeZebulonProfile(api);
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
        projectionEvents
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
    const text = projectionTexts()
      .filter((line) => line.includes('"paused":true'))
      .join('\n');
    expect(text).not.toContain('Globex, Inc.');
    expect(text).not.toContain('https://');
    await api('/settings', { askBeforeSharing: false, paused: false, blockedCompanies: [] }, 'PUT');
  });

  it("publishes the candidate's job preferences at once, for matching's filter", async () => {
    const api = apiOf(await registerAccount(stack, 'job_seeker'));
    const profile = await writeZebulonProfile(api);
    const preferences = {
      workModes: ['remote'],
      countries: ['PT', 'ES'],
      noticeWeeks: 6,
      minimumSalary: { amount: 58000, currency: 'EUR' },
    };
    const saved = await api('/preferences', preferences, 'PUT');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Preferences saved successfully!', preferences });
    const projection = await eventually(
      () =>
        projectionEvents
          .filter((event) => event.data.uniqueCode === profile.unique_code)
          .find((event) => event.data.preferences.minimumSalary !== null)?.data,
      { what: 'the projection with the preferences' },
    );
    expect(projection.preferences).toEqual(preferences);
    expect((await api('/preferences', undefined, 'GET')).body).toEqual({ preferences });
  });

  it('marks the candidate not searchable when the account is suspended, and searchable again on restore', async () => {
    const seeker = await seedCandidate(stack);
    const latest = () =>
      projectionEvents.filter((event) => event.data.uniqueCode === seeker.uniqueCode).at(-1)?.data;
    await eventually(() => latest()?.searchable === true, { what: 'the new profile', timeoutMs: 10000 });

    await setStatus(seeker.id, 'suspended');
    await eventually(() => latest()?.searchable === false, { what: 'not searchable', timeoutMs: 10000 });
    await setStatus(seeker.id, 'active');
    await eventually(() => latest()?.searchable === true, { what: 'searchable again', timeoutMs: 10000 });
  });
});

/**
 * A person's erasure: asked on `erasures` right after auth marks the account deleted (as auth
 * does), every collection of the profile's database is then free of the person, the compacted
 * topic ends the key with the marker, and the part answers, again when asked again.
 */
describe("the profile service's part of an erasure", () => {
  /** A rare word, put in every field that takes free text. */
  const canary = `Quillowhert${Math.floor(Math.random() * 1e6)}`;
  const canaryPhone = '+1 (415) 555-0173';

  const askErasure = (userId: string, userType: 'job_seeker' | 'employer') =>
    publish(
      erasuresTopic,
      buildEvent(ZErasureRequested, {
        type: 'erasure.requested',
        version: 1,
        aggregateId: userId,
        source: 'auth',
        data: { userId, userType, by: 'self', requestedAt: new Date().toISOString() },
      }),
    );
  const answers = (userId: string) =>
    seen.filter((event) => event.type === 'erasure.part-done' && event.data.userId === userId);

  /** Every document of every collection of the profile's database that holds one of `needles`. */
  const holding = async (needles: string[]) => {
    const found: Array<{ collection: string; doc: string }> = [];
    for (const { name } of await db.db!.listCollections().toArray()) {
      for (const doc of await db.db!.collection(name).find({}).toArray()) {
        const text = JSON.stringify(doc);
        if (needles.some((needle) => text.includes(needle))) found.push({ collection: name, doc: text });
      }
    }
    return found;
  };
  /** Only the receipt may name the person, and it holds nothing but ids and a time. */
  const expectOnlyReceipt = async (userId: string, needles: string[]) => {
    const left = await holding(needles);
    expect(left.filter((entry) => entry.collection !== 'erasure_receipts')).toEqual([]);
    const receipt = await db.db!.collection('erasure_receipts').findOne({ _id: userId as never });
    expect(Object.keys(receipt ?? {}).sort()).toEqual(['_id', 'candidateId', 'employerId', 'erasedAt']);
    expect(JSON.stringify(receipt)).not.toContain(canary);
  };

  it('erases a job seeker: profile, lists, key, confirmation and access log, then the marker and the answer', async () => {
    const seeker = await seedCandidate(stack, {
      fullName: `${canary} Mbeki`,
      phone: canaryPhone,
      location: `${canary}ville, Norway`,
      gender: 'female',
      skills: [{ name: `${canary}-craft`, proficiencyLevel: 'expert' }],
      experiences: [
        {
          companyName: `${canary} Consulting`,
          position: `${canary} Engineer`,
          startDate: '2018-01-01',
          isCurrent: true,
          description: `Built ${canary} things`,
          skills: [`${canary}-tooling`],
        },
      ],
      education: [
        { institution: `${canary} University`, degree: "Master's Degree", fieldOfStudy: `${canary} studies` },
      ],
      certifications: [{ name: `${canary} Certified`, issuer: `${canary} Board`, issueDate: '2022-05-01' }],
    });
    const other = randomUUID();
    // an admin's read of this job seeker and another one, as its record and its event
    await db.db!.collection('personal_data_reads').insertOne({
      _id: randomUUID() as never,
      adminUserId: admin.id,
      details: ['name'],
      jobSeekers: [
        { userId: seeker.id, reason: userManagementReason },
        { userId: other, reason: userManagementReason },
      ],
      readAt: new Date(),
    });
    await publish(
      personalDataReadsTopic,
      buildEvent(ZPersonalDetailsRead, {
        type: 'personal-details.read',
        version: 1,
        aggregateId: randomUUID(),
        source: 'auth',
        data: {
          readId: randomUUID(),
          adminUserId: admin.id,
          details: ['email'],
          jobSeekers: [
            { userId: seeker.id, reason: userManagementReason },
            { userId: other, reason: userManagementReason },
          ],
          readAt: new Date().toISOString(),
        },
      }),
    );
    await eventually(async () => (await holding([`seeker:${seeker.id}`])).length > 0, {
      what: "the job seeker's access view",
    });
    // the private job preferences, kept with the profile, go with it
    const minimum = 300_000 + Math.floor(Math.random() * 600_000);
    const savedPreferences = await call(`${stack.api}/job-seeker/preferences`, {
      method: 'PUT',
      token: seeker.token,
      body: {
        workModes: ['hybrid'],
        countries: [],
        noticeWeeks: 3,
        minimumSalary: { amount: minimum, currency: 'CHF' },
      },
    });
    expect(savedPreferences.status).toBe(200);
    const needles = [canary, seeker.id, seeker.candidateId, seeker.uniqueCode, String(minimum)];
    expect((await holding([String(minimum)])).map((entry) => entry.collection)).toContain(
      'job_seeker_profiles',
    );
    expect((await holding(needles)).map((entry) => entry.collection)).toEqual(
      expect.arrayContaining([
        'job_seeker_profiles',
        'candidate_keys',
        'email_confirmations',
        'access_views',
        'access_log',
        'personal_data_reads',
      ]),
    );

    // as auth does it: the account is 'deleted' (a projection out of search follows), then the erasure
    await setStatus(seeker.id, 'deleted');
    await askErasure(seeker.id, 'job_seeker');
    await eventually(() => answers(seeker.id).length === 1, { what: 'the first answer', timeoutMs: 30000 });
    expect(answers(seeker.id)[0]?.data.part).toBe('profile');
    const keyed = () =>
      seen.filter((event) => event.topic === candidatesTopic && event.key === seeker.candidateId);
    // published before the answer, on another topic: the test's consumer may read it a moment later
    const marker = await eventually(() => keyed().find((event) => event.type === 'candidate.erased'), {
      what: 'the marker',
    });
    expect(marker?.data).toMatchObject({ candidateId: seeker.candidateId, ownerUserId: seeker.id });
    expect(Object.keys(marker.data).sort()).toEqual(['candidateId', 'erasedAt', 'ownerUserId']);

    // late events of the person recreate nothing: a restore, a repeated status
    await setStatus(seeker.id, 'active');
    await sleep(2500);
    // the marker is the key's last event, whatever the 'deleted' projection did meanwhile
    expect(keyed().at(-1)?.type).toBe('candidate.erased');
    await expectOnlyReceipt(seeker.id, needles);
    // the other job seeker's part of the shared read stays
    expect((await holding([other])).map((entry) => entry.collection).sort()).toEqual([
      'access_log',
      'access_views',
      'personal_data_reads',
    ]);
    expect(
      (await call(`${stack.api}/job-seeker/profile`, { method: 'GET', token: seeker.token })).status,
    ).not.toBe(200);

    // asked again (auth resends to a part that has not answered): it answers again, erases nothing more
    await askErasure(seeker.id, 'job_seeker');
    await eventually(() => answers(seeker.id).length === 2, { what: 'the second answer', timeoutMs: 30000 });
    const markers = await eventually(
      () => {
        const found = keyed().filter((event) => event.type === 'candidate.erased');
        return found.length === 2 ? found : undefined;
      },
      { what: 'the marker again' },
    );
    expect(markers[1]?.data).toEqual(markers[0]?.data);
    await expectOnlyReceipt(seeker.id, needles);
  });

  it('erases an employer: the company profile and its confirmation, then the marker and the answer', async () => {
    const employer = await seedEmployer(stack, {
      company: {
        companyName: `${canary} Robotics`,
        industry: 'Technology',
        companySize: '51-200',
        website: `${canary.toLowerCase()}.example.com`,
        description: `We build ${canary} robots.`,
      },
    });
    const needles = [canary, canary.toLowerCase(), employer.id];
    expect((await holding(needles)).map((entry) => entry.collection)).toEqual(
      expect.arrayContaining(['employer_profiles', 'email_confirmations']),
    );

    await askErasure(employer.id, 'employer');
    await eventually(() => answers(employer.id).length === 1, { what: 'the answer', timeoutMs: 30000 });
    expect(answers(employer.id)[0]?.data.part).toBe('profile');
    const keyed = () => seen.filter((event) => event.topic === employersTopic && event.key === employer.id);
    await eventually(() => keyed().at(-1)?.type === 'employer.erased', { what: 'the marker' });
    expect(keyed().at(-1)?.data).toEqual({ employerId: employer.id, erasedAt: expect.any(String) });
    await expectOnlyReceipt(employer.id, needles);
    expect(
      (await call(`${stack.api}/employer/profile`, { method: 'GET', token: employer.token })).status,
    ).not.toBe(200);

    await askErasure(employer.id, 'employer');
    await eventually(() => answers(employer.id).length === 2, {
      what: 'the second answer',
      timeoutMs: 30000,
    });
    await expectOnlyReceipt(employer.id, needles);
  });
});

/**
 * The profile service's part of confirmed addresses: the `users` and `system-settings` events as
 * auth and notifications publish them. The retention limit's stages travel on the same `users`
 * topic, and are checked here too. Last in the file: it turns on a rule of the whole product (an
 * admin's System Settings), which republishes every profile and takes the unconfirmed out of search.
 */
describe('only confirmed addresses are searchable and can be verified', () => {
  let settingsVersion = 0;

  /** The admin saves System Settings with the rule on or off (as the notifications service publishes them). */
  const setRule = (confirmedAddressesOnly: boolean) => {
    settingsVersion += 1;
    return publish(
      systemSettingsTopic,
      buildEvent(ZSystemSettingsChanged, {
        type: 'system.settings-changed',
        version: 1,
        aggregateId: systemSettingsKey,
        source: 'notifications',
        data: {
          askBeforeSharingByDefault: false,
          senderName: 'MeritMatch',
          senderAddress: 'no-reply@meritmatch.example',
          confirmedAddressesOnly,
          inactiveAccountMonths: 12,
          version: settingsVersion,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
  };

  /** The person followed the link sent to their address (as the auth service publishes it). */
  const confirmAddress = (account: TestAccount) =>
    publish(
      usersTopic,
      buildEvent(ZUserEmailConfirmed, {
        type: 'user.email-confirmed',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        data: {
          userId: account.id,
          userType: account.userType as 'job_seeker' | 'employer',
          status: 'active',
          confirmedAt: new Date().toISOString(),
          emailConfirmed: true,
        },
      }),
    );

  /**
   * Another event of the account, saying the address is not confirmed, as of `occurredAt`
   * (every event of the topic carries the address's state). Its sessions ended long before the
   * test's tokens were issued, so they stay valid.
   */
  const unconfirmedAsOf = (account: TestAccount, occurredAt: Date) =>
    publish(
      usersTopic,
      buildEvent(ZUserSessionsEnded, {
        type: 'user.sessions-ended',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        clock: () => occurredAt,
        data: {
          userId: account.id,
          userType: 'job_seeker',
          status: 'active',
          endedAt: new Date(Date.now() - 24 * 3600_000).toISOString(),
          reason: 'signed-out-elsewhere',
          emailConfirmed: false,
        },
      }),
    );

  /** The retention limit's stage of the account (as the auth service's daily run publishes it). */
  const activity = (account: TestAccount, stage: 'reminded' | 'inactive' | 'active') =>
    publish(
      usersTopic,
      buildEvent(ZUserActivityChanged, {
        type: 'user.activity-changed',
        version: 1,
        aggregateId: account.id,
        source: 'auth',
        data: {
          userId: account.id,
          userType: 'job_seeker',
          status: 'active',
          stage,
          lastSignedInAt: new Date(Date.now() - 365 * 24 * 3600_000).toISOString(),
          eraseAfter: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
          inactiveMonths: 12,
          // as the account is: its address was never confirmed (every event of the topic says so)
          emailConfirmed: false,
        },
      }),
    );

  const projections = (): CandidateProjection[] => projectionEvents.map((event) => event.data);
  const searchableOf = (candidateId: string) =>
    projections()
      .filter((projection) => projection.candidateId === candidateId)
      .sort((a, b) => a.version - b.version)
      .map((projection) => projection.searchable);

  /** Waits until the candidate's projections, in order, say `expected`. */
  const projected = (candidateId: string, expected: boolean[], what: string) =>
    eventually(
      () => {
        const states = searchableOf(candidateId);
        return states.length >= expected.length ? states : undefined;
      },
      { what, timeoutMs: 30000, seen: () => searchableOf(candidateId) },
    ).then((states) => expect(states).toEqual(expected));

  const recorded = (userId: string) =>
    eventually(
      async () =>
        (await db.collection('email_confirmations').findOne({ _id: userId as never }))?.emailConfirmed ===
        true,
      { what: 'the confirmation recorded', timeoutMs: 30000 },
    );

  it('takes an unconfirmed candidate out of search while the rule is on, and back once confirmed', async () => {
    // made while the rule is off (its default): searchable, like every profile before the feature
    const seeker = await seedCandidate(stack, { fullName: 'Imogen Tallis' });
    await projected(seeker.candidateId, [true], 'the new profile');

    await setRule(true);
    await projected(seeker.candidateId, [true, false], 'the profile republished under the rule');

    await confirmAddress(seeker);
    await projected(seeker.candidateId, [true, false, true], 'the profile after the confirmation');

    // an older event, replayed or late, does not undo the confirmation; a newer one does (the
    // address was changed), and turning the rule off brings the candidate back
    await unconfirmedAsOf(seeker, new Date(Date.now() - 3600_000));
    await unconfirmedAsOf(seeker, new Date());
    await projected(seeker.candidateId, [true, false, true, false], 'the address unconfirmed again');
    await setRule(false);
    await projected(seeker.candidateId, [true, false, true, false, true], 'the rule turned off');
  });

  it('takes a job seeker the retention limit found inactive out of search, and back after a sign-in', async () => {
    await setRule(false);
    const seeker = await seedCandidate(stack, { fullName: 'Odile Varga' });
    await projected(seeker.candidateId, [true], 'the new profile');
    // the reminder alone changes nothing; at the limit the candidate leaves search
    await activity(seeker, 'reminded');
    await activity(seeker, 'inactive');
    await projected(seeker.candidateId, [true, false], 'out of search at the limit');
    await activity(seeker, 'active');
    await projected(seeker.candidateId, [true, false, true], 'back after a sign-in');
  });

  it('knows a confirmation made before the profile existed', async () => {
    await setRule(true);
    const seeker = await registerAccount(stack, 'job_seeker');
    await confirmAddress(seeker);
    await recorded(seeker.id);
    const created = await call(`${stack.api}/job-seeker/profile`, {
      token: seeker.token,
      body: { fullName: 'Rowan Achebe', location: 'Lagos, Nigeria', dateOfBirth: '1992-07-09' },
    });
    expect(created.status).toBe(201);
    await projected(created.body.profile.id, [true], 'the new profile of a confirmed address');

    // and one who has not confirmed is out of search (from the start, once the rule reached the service)
    const unconfirmed = await seedCandidate(stack, { fullName: 'Tamsin Vale' });
    await eventually(() => searchableOf(unconfirmed.candidateId).at(-1) === false, {
      what: 'an unconfirmed address out of search',
      timeoutMs: 30000,
      seen: () => searchableOf(unconfirmed.candidateId),
    });
  });

  it('refuses to verify an employer whose address is not confirmed, and verifies once it is', async () => {
    await setRule(true);
    const employer = await registerAccount(stack, 'employer');
    const created = await call(`${stack.api}/employer/profile`, {
      token: employer.token,
      body: companyInput,
    });
    expect(created.status).toBe(201);
    const verify = (verified: boolean) =>
      call(`${stack.url('profile')}/internal/employers/${employer.id}/verification`, {
        method: 'PUT',
        token: admin.token,
        body: { verified },
      });
    // the rule may take a moment to reach the profile service: until then a verification passes
    const refused = await eventually(
      async () => {
        const answer = await verify(true);
        if (answer.status === 409) return answer;
        await verify(false);
        return undefined;
      },
      { what: 'the verification refused', timeoutMs: 30000 },
    );
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: employerAddressUnconfirmedMessage });
    const company = await call(`${stack.api}/employer/profile`, { token: employer.token });
    expect(company.body.profile.verified).toBe(false);
    // revoking is always allowed
    expect((await verify(false)).status).toBe(200);

    await confirmAddress(employer);
    await recorded(employer.id);
    const verified = await verify(true);
    expect(verified.status).toBe(200);
    expect(verified.body.profile.verified).toBe(true);
  });
});
