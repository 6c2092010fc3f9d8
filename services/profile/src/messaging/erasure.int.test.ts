import { randomUUID } from 'node:crypto';
import {
  candidatesTopic,
  employersTopic,
  erasuresTopic,
  personalDataReadsTopic,
  userManagementReason,
  ZErasureRequested,
  ZPersonalDetailsRead,
} from '@meritmatch/contracts';
import { buildEvent, createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  eventually,
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

type Seen = { topic: string; key: string; type: string; data: Record<string, unknown> };

/** A rare word, put in every field that takes free text. */
const canary = `Quillowhert${Math.floor(Math.random() * 1e6)}`;
const canaryPhone = '+1 (415) 555-0173';

/**
 * A person's erasure through the real profile service, Kafka and FerretDB: asked on `erasures`
 * right after auth marks the account deleted (as auth does), every collection of the profile's
 * database is then free of the person, the compacted topic ends the key with the marker, and the
 * part answers, again when asked again.
 */
describe("the profile service's part of an erasure", () => {
  let stack: Stack;
  let admin: TestAccount;
  let db: Connection;
  let producer: Producer;
  let consumer: Consumer;
  const seen: Seen[] = [];

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
    admin = await adminAccount(stack);
    db = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: `${stack.namespace}_profile` })
      .asPromise();
    const kafka = createKafka({
      clientId: 'erasure-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logger: createLogger('erasure-test', 'silent'),
    });
    producer = kafka.producer();
    await producer.connect();
    consumer = kafka.consumer({ groupId: uniqueName('erasure-test') });
    await consumer.connect();
    for (const topic of [erasuresTopic, candidatesTopic, employersTopic])
      await consumer.subscribe({ topic: `${stack.namespace}.${topic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        if (!message.value) return;
        const event = JSON.parse(message.value.toString());
        seen.push({
          topic: topic.split('.').at(-1)!,
          key: message.key!.toString(),
          type: event.type,
          data: event.data,
        });
      },
    });
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    await db?.close();
    await stack?.close();
  });

  const publish = async (topic: string, event: { aggregateId: string; type: string; id: string }) => {
    await producer.send({
      topic: `${stack.namespace}.${topic}`,
      messages: [
        { key: event.aggregateId, value: JSON.stringify(event), headers: { 'event-type': event.type } },
      ],
    });
  };
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
  const setStatus = async (userId: string, status: string) => {
    const answer = await call(`${stack.url('auth')}/internal/users/${userId}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status },
    });
    expect(answer.status, answer.text).toBe(200);
  };

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
    const needles = [canary, seeker.id, seeker.candidateId, seeker.uniqueCode];
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
