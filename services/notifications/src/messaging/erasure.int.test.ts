import { randomUUID } from 'node:crypto';
import { erasedCompanyLabel, myDataPath } from '@meritmatch/contracts';
import { erasureBus } from '@meritmatch/service-kit/testing';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  sleep,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** Rare words: one for the job seeker's side, one for the company's. */
const seekerCanary = `Vorblesquint${Math.floor(Math.random() * 1e6)}`;
const companyCanary = `Drazzelcorp${Math.floor(Math.random() * 1e6)}`;

/**
 * The notifications service's part of an erasure, with the profile service whose markers it
 * follows, on the real Kafka and FerretDB: every e-mail to the person, their settings and the
 * company's state go; the other side's e-mails keep ids and codes but lose the erased party's
 * words; the part answers, again when asked again.
 */
describe("the notifications service's part of an erasure", () => {
  let stack: Stack;
  let admin: TestAccount;
  let db: Connection;
  let bus: Awaited<ReturnType<typeof erasureBus>>;
  let employer: TestAccount;
  let seeker: SeededCandidate;
  /** Another candidate's e-mail about the employer's request. */
  const otherCandidate = randomUUID();

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'notifications', 'gateway'],
      extraEnv: { notifications: { MAIL_POLL_MS: '200' } },
    });
    admin = await adminAccount(stack);
    db = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: `${stack.namespace}_notifications` })
      .asPromise();
    bus = await erasureBus(stack, inject('infra').kafkaBrokers);
  });
  afterAll(async () => {
    await bus?.close();
    await db?.close();
    await stack?.close();
  });

  const askErasure = (userId: string, userType: 'job_seeker' | 'employer') => bus.request(userId, userType);
  const answers = (userId: string) => bus.answered(userId, 'notifications');
  const setStatus = async (userId: string, status: string) => {
    const answer = await call(`${stack.url('auth')}/internal/users/${userId}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const turnOff = async (account: TestAccount, area: 'job-seeker' | 'employer', kind: string) => {
    const answer = await call(`${stack.api}/${area}/notifications`, {
      method: 'PUT',
      token: account.token,
      body: { kind, enabled: false },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const deliveries = () => db.db!.collection('deliveries');
  /** A delivery as the intake writes it, already sent (the seeding skips the sender). */
  const delivery = (kind: string, recipient: Record<string, string>, facts: Record<string, unknown>) => {
    const eventId = randomUUID();
    const key = recipient.type === 'user' ? `user:${recipient.userId}` : `candidate:${recipient.candidateId}`;
    const now = new Date();
    return {
      _id: `${eventId}:${key}`,
      eventId,
      kind,
      recipient,
      facts,
      status: 'sent',
      nextAttemptAt: now,
      attempts: 1,
      deferrals: 0,
      claimedAt: null,
      reason: null,
      sentAt: now,
      messageId: `<${eventId}@test>`,
      version: 3,
      createdAt: now,
      updatedAt: now,
      _outbox: [],
      _outboxCount: 0,
      _outboxPending: false,
      _commands: [],
    };
  };

  /** Every document of the notifications database that holds one of `needles`. */
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

  it('seeds both people as the service holds them', async () => {
    employer = await seedEmployer(stack, {
      company: {
        companyName: `${companyCanary} Robotics`,
        industry: 'Technology',
        companySize: '51-200',
        website: 'drazzel.example.com',
        description: 'We build robots.',
      },
    });
    seeker = await seedCandidate(stack, { fullName: `${seekerCanary} Mbeki` });
    await turnOff(employer, 'employer', 'request.not-approved');
    await turnOff(seeker, 'job-seeker', 'request.introduced');
    const request = {
      requestId: randomUUID(),
      employerId: employer.id,
      candidateId: seeker.candidateId,
      candidateCode: seeker.uniqueCode,
      companyName: `${companyCanary} Robotics`,
    };
    const other = {
      ...request,
      requestId: randomUUID(),
      candidateId: otherCandidate,
      candidateCode: 'EM100001',
    };
    await deliveries().insertMany([
      delivery(
        'request.received',
        { type: 'candidate', candidateId: seeker.candidateId },
        { ...request, employerMessage: `Dear ${seekerCanary}, from ${companyCanary}` },
      ),
      delivery('account.suspended', { type: 'user', userId: seeker.id }, {}),
      delivery(
        'request.approved',
        { type: 'user', userId: employer.id },
        { ...request, contactNote: `Reach ${seekerCanary} on +1 415 555 0100` },
      ),
      delivery(
        'request.received',
        { type: 'candidate', candidateId: otherCandidate },
        { ...other, employerMessage: `A word from ${companyCanary}` },
      ),
    ] as never[]);
    // the verification's e-mail and the company's state, through the real events
    await eventually(
      async () => (await holding([employer.id])).some((entry) => entry.collection === 'companies'),
      { what: 'the company state', timeoutMs: 30000 },
    );
    expect(
      new Set((await holding([seeker.id, seeker.candidateId])).map((entry) => entry.collection)),
    ).toEqual(new Set(['deliveries', 'email_preferences']));
  });

  it("erases a job seeker's e-mails and settings, and their side of the employer's e-mails", async () => {
    await setStatus(seeker.id, 'deleted');
    await askErasure(seeker.id, 'job_seeker');
    await eventually(() => answers(seeker.id) === 1, { what: 'the answer', timeoutMs: 30000 });
    // the e-mails to the candidate id go when the profile's marker comes; the employer's e-mail
    // about the request keeps the candidate's id and code (remains), nothing else of them
    const left = () => holding([seekerCanary, seeker.id, seeker.candidateId]);
    await eventually(
      async () => {
        const found = await left();
        return (
          found.length === 1 &&
          found[0]!.doc.includes('request.approved') &&
          !found[0]!.doc.includes(seekerCanary)
        );
      },
      { what: 'nothing left of the job seeker but ids and codes', timeoutMs: 30000, seen: left },
    );
    const approved = await deliveries().findOne({
      kind: 'request.approved',
      'recipient.userId': employer.id,
    });
    expect(approved?.facts).toEqual({
      requestId: expect.any(String),
      employerId: employer.id,
      candidateId: seeker.candidateId,
      candidateCode: seeker.uniqueCode,
      companyName: `${companyCanary} Robotics`,
    });

    // the employer's download still works and shows the e-mail without the introduction's note
    const mine = await call(`${stack.url('notifications')}${myDataPath}`, {
      method: 'GET',
      token: employer.token,
    });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.text).not.toContain(seekerCanary);
    expect(mine.body.emails.map((email: { kind: string }) => email.kind)).toContain('request.approved');

    // asked again: nothing more to erase, it answers again
    await askErasure(seeker.id, 'job_seeker');
    await eventually(() => answers(seeker.id) === 2, { what: 'the second answer', timeoutMs: 30000 });
    await sleep(1000);
    expect(
      (await holding([seekerCanary, seeker.id])).map((entry) => entry.collection),
      'nothing of the job seeker came back',
    ).toEqual([]);
  });

  it("erases an employer's e-mails, settings and company, and its words in the candidates' e-mails", async () => {
    await askErasure(employer.id, 'employer');
    await eventually(() => answers(employer.id) === 1, { what: 'the answer', timeoutMs: 30000 });
    await eventually(async () => (await holding([companyCanary, employer.id])).length === 0, {
      what: 'nothing left of the employer',
      timeoutMs: 30000,
      seen: () => holding([companyCanary, employer.id]),
    });
    const others = await deliveries().findOne({ 'recipient.candidateId': otherCandidate });
    expect(others?.facts).toEqual({
      requestId: expect.any(String),
      candidateId: otherCandidate,
      candidateCode: 'EM100001',
      companyName: erasedCompanyLabel,
    });

    await askErasure(employer.id, 'employer');
    await eventually(() => answers(employer.id) === 2, {
      what: 'the second answer',
      timeoutMs: 30000,
    });
    expect(await holding([companyCanary, employer.id])).toEqual([]);
  });
});
