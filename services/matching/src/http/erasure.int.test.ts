import { randomUUID } from 'node:crypto';
import {
  erasedCandidateLabel,
  erasedCompanyLabel,
  type MatchRequestStatusChanged,
  matchRequestsTopic,
  matchRequestTextsPath,
  myDataPath,
  ZEmployerRequestsAnswer,
  ZInterestAnswer,
  ZInternalRequestAnswer,
  ZMatchRequestEvent,
  ZServiceTokenAnswer,
} from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import { erasureBus } from '@meritmatch/service-kit/testing';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** Rare words put in every free-text field of a request: none may stay once its party is erased. */
const canaries = (who: string) => ({
  message: `Quillbert ${who} message`,
  adminNotes: `Quillbert ${who} admin notes +44 7700 900123`,
  contactNote: `Quillbert ${who} contact quillbert.${who}@example.org`,
});

/** Matching's part of an erasure, against the real services, database and broker. */
describe("matching's part of an erasure", () => {
  let stack: Stack;
  let db: Connection;
  let bus: Awaited<ReturnType<typeof erasureBus>>;
  let adminToken: string;
  let employer: TestAccount;
  let leavingEmployer: TestAccount;
  let leavingCandidate: SeededCandidate;
  let stayingCandidate: SeededCandidate;
  let waitingCandidate: SeededCandidate;
  let candidateRequest: string;
  let employerRequest: string;
  /** Requests still with the team when their candidate, or their employer, is erased. */
  let pendingForLeavingCandidate: string;
  let pendingOfLeavingEmployer: string;
  let consumer: Consumer;
  const statusChanges: MatchRequestStatusChanged[] = [];
  /** The status change a request's erasure published on `match-requests`. */
  const closing = (requestId: string) =>
    eventually(
      async () =>
        statusChanges.find((event) => event.data.requestId === requestId && event.data.to === 'closed'),
      { what: `the closing of ${requestId} on the topic`, timeoutMs: 30000 },
    );

  /** A request with a message, approved with the team's notes. */
  const approvedRequest = async (
    from: TestAccount,
    to: SeededCandidate,
    words: ReturnType<typeof canaries>,
  ) => {
    const id = await eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/request-candidate`, {
          token: from.token,
          body: { jobSeekerId: to.candidateId, message: words.message },
        });
        return answer.status === 201 ? (answer.body.request.id as string) : undefined;
      },
      { what: 'a request with a message', timeoutMs: 30000 },
    );
    const approved = await call(`${stack.url('matching')}/internal/requests/${id}`, {
      method: 'PUT',
      token: adminToken,
      body: { status: 'approved', adminNotes: words.adminNotes, contactNote: words.contactNote },
    });
    expect(approved.status).toBe(200);
    return id;
  };
  /** Every document of every collection of matching's database, as text. */
  const everything = async () => {
    const texts: string[] = [];
    for (const { name } of await db.db!.listCollections().toArray())
      for (const doc of await db.db!.collection(name).find({}).toArray()) texts.push(JSON.stringify(doc));
    return texts.join('\n');
  };
  const stored = (id: string) => db.db!.collection('match_requests').findOne({ _id: id as never });
  const internal = async (id: string) =>
    ZInternalRequestAnswer.parse(
      (await call(`${stack.url('matching')}/internal/requests/${id}`, { token: adminToken })).body,
    ).request;
  /** What the services that read the events are told of one (with the admin service's own token). */
  const textsOf = async (id: string, eventId: string, token?: string) =>
    call(`${stack.url('matching')}${matchRequestTextsPath}/${id}/events/${eventId}`, {
      token: token ?? (await serviceToken()),
    });
  const serviceToken = async () => {
    const answer = await call(`${stack.url('auth')}/internal/service-tokens`, {
      body: { account: 'admin', secret: stack.secrets.adminServiceSecret },
    });
    expect(answer.status, answer.text).toBe(200);
    return ZServiceTokenAnswer.parse(answer.body).token as string;
  };
  const answeredOnce = (userId: string, times: number) =>
    eventually(async () => (bus.answered(userId, 'matching') >= times ? true : undefined), {
      what: `matching's part answered ${times} time(s)`,
      timeoutMs: 30000,
    });

  beforeAll(async () => {
    const infra = inject('infra');
    stack = await startStack({ infra, processes: ['auth', 'profile', 'matching', 'gateway'] });
    db = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_matching` })
      .asPromise();
    bus = await erasureBus(stack, infra.kafkaBrokers);
    adminToken = (await adminAccount(stack)).token;
    employer = await seedEmployer(stack);
    leavingEmployer = await seedEmployer(stack, {
      company: {
        companyName: 'Quillbert Holdings',
        industry: 'Technology',
        companySize: '1-10',
        website: 'quillbert.example.org',
        description: 'Leaving soon.',
      },
    });
    leavingCandidate = await seedCandidate(stack, { skills: [{ name: 'Erasing' }] });
    stayingCandidate = await seedCandidate(stack, { skills: [{ name: 'Staying' }] });
    waitingCandidate = await seedCandidate(stack, { skills: [{ name: 'Waiting' }] });
    candidateRequest = await approvedRequest(employer, leavingCandidate, canaries('candidate'));
    employerRequest = await approvedRequest(leavingEmployer, stayingCandidate, canaries('employer'));
    pendingForLeavingCandidate = await seedMatchRequest(stack, leavingEmployer, leavingCandidate.candidateId);
    pendingOfLeavingEmployer = await seedMatchRequest(stack, leavingEmployer, waitingCandidate.candidateId);
    const kafka = createKafka({
      clientId: 'erasure-closing-test',
      brokers: infra.kafkaBrokers.split(','),
      logger: createLogger('erasure-closing-test', 'silent'),
    });
    consumer = kafka.consumer({ groupId: `${stack.namespace}.erasure-closing-test` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${matchRequestsTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = ZMatchRequestEvent.parse(JSON.parse(message.value!.toString()));
        if (event.type === 'match.request.status-changed') statusChanges.push(event);
      },
    });
  }, 120000);
  afterAll(async () => {
    await consumer?.disconnect();
    await bus?.close();
    await db?.close();
    await stack?.close();
  });

  it("tells an event's readers its words, with a service token only", async () => {
    const [decision] = (await stored(employerRequest))?.notesByEvent ?? [];
    expect(decision?.eventId).toBeDefined();
    const words = canaries('employer');
    const answer = await textsOf(employerRequest, decision.eventId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      message: words.message,
      adminNotes: words.adminNotes,
      contactNote: words.contactNote,
    });
    // another event of the request (its creation): the message, and no decision's notes
    expect((await textsOf(employerRequest, randomUUID())).body).toEqual({
      message: words.message,
      adminNotes: null,
      contactNote: null,
    });
    expect((await textsOf(employerRequest, decision.eventId, adminToken)).status).toBe(403);
    expect((await textsOf(employerRequest, decision.eventId, employer.token)).status).toBe(403);
    expect((await textsOf(randomUUID(), decision.eventId)).status).toBe(404);
    expect((await textsOf(employerRequest, 'not-an-id')).status).toBe(400);
  });

  it("erases a job seeker's requests' words, keeps their ids and status, and shows the employer 'a deleted candidate'", async () => {
    expect(await everything()).toContain('Quillbert candidate');
    const [decision] = (await stored(candidateRequest))?.notesByEvent ?? [];
    // profile's marker, then auth's request (in the product, profile sends the marker in its own part)
    await bus.candidateErased(leavingCandidate.candidateId, leavingCandidate.id);
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answeredOnce(leavingCandidate.id, 1);

    expect(await everything()).not.toContain('Quillbert candidate');
    // its events' readers are told nothing more
    expect((await textsOf(candidateRequest, decision.eventId)).body).toEqual({
      message: null,
      adminNotes: null,
      contactNote: null,
    });
    const request = await stored(candidateRequest);
    expect(request).toMatchObject({
      employerId: employer.id,
      candidateId: leavingCandidate.candidateId,
      candidateCode: leavingCandidate.uniqueCode,
      status: 'approved',
      message: null,
      adminNotes: null,
      contactNote: null,
      notesByEvent: [],
      candidateErased: true,
    });
    // the employer's history keeps the request, without the code or the words
    const mine = ZEmployerRequestsAnswer.parse(
      (await call(`${stack.api}/employer/requests`, { token: employer.token })).body,
    ).requests.find((entry) => entry.id === candidateRequest);
    expect(mine).toMatchObject({ candidate_code: erasedCandidateLabel, message: null, admin_notes: null });
    const detail = await call(`${stack.api}/employer/candidate/${leavingCandidate.candidateId}`, {
      token: employer.token,
    });
    expect(detail.status).toBe(404);
    expect(await internal(candidateRequest)).toMatchObject({
      candidate_erased: true,
      employer_erased: false,
    });
    // the employer's "Download my data" still works, with the label
    const download = await call(`${stack.url('matching')}${myDataPath}`, { token: employer.token });
    expect(download.status).toBe(200);
    expect(JSON.stringify(download.body)).toContain(erasedCandidateLabel);
    // the other party's own request is untouched
    expect((await stored(employerRequest))?.message).toBe(canaries('employer').message);

    // a request still with the team closes: nobody is left to introduce, and the employer sees "Not Approved"
    expect(await stored(pendingForLeavingCandidate)).toMatchObject({
      status: 'closed',
      candidateErased: true,
    });
    expect((await closing(pendingForLeavingCandidate)).data).toMatchObject({
      from: 'pending',
      to: 'closed',
      withNotes: false,
      actor: { userId: leavingCandidate.id, role: 'job_seeker' },
    });
    const theirs = ZEmployerRequestsAnswer.parse(
      (await call(`${stack.api}/employer/requests`, { token: leavingEmployer.token })).body,
    ).requests.find((entry) => entry.id === pendingForLeavingCandidate);
    expect(theirs).toMatchObject({ status: 'rejected', status_label: 'Not Approved', admin_notes: null });

    // asked again: it answers again and writes nothing
    const version = request?.version;
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answeredOnce(leavingCandidate.id, 2);
    expect((await stored(candidateRequest))?.version).toBe(version);
  }, 90000);

  it("erases an employer's requests' words and shows the candidate 'a deleted company'", async () => {
    await bus.employerErased(leavingEmployer.id);
    await bus.request(leavingEmployer.id, 'employer');
    await answeredOnce(leavingEmployer.id, 1);

    expect(await everything()).not.toContain('Quillbert');
    const request = await stored(employerRequest);
    expect(request).toMatchObject({
      employerId: leavingEmployer.id,
      candidateId: stayingCandidate.candidateId,
      status: 'approved',
      message: null,
      adminNotes: null,
      contactNote: null,
      notesByEvent: [],
      employerErased: true,
    });
    const interest = ZInterestAnswer.parse(
      (await call(`${stack.api}/job-seeker/interest`, { token: stayingCandidate.token })).body,
    ).requests.find((entry) => entry.id === employerRequest);
    expect(interest).toMatchObject({ company_name: erasedCompanyLabel, industry: null, message: null });
    expect(await internal(employerRequest)).toMatchObject({ employer_erased: true });
    // the request still with the team closes, and its candidate reads it as closed, from a deleted company
    expect((await closing(pendingOfLeavingEmployer)).data).toMatchObject({
      from: 'pending',
      to: 'closed',
      actor: { userId: leavingEmployer.id, role: 'employer' },
    });
    const waiting = ZInterestAnswer.parse(
      (await call(`${stack.api}/job-seeker/interest`, { token: waitingCandidate.token })).body,
    ).requests.find((entry) => entry.id === pendingOfLeavingEmployer);
    expect(waiting).toMatchObject({
      company_name: erasedCompanyLabel,
      status: 'closed',
      status_label: 'Closed',
      decisions: [],
    });
    // the one its candidate's erasure closed before is not closed twice
    expect(statusChanges.filter((event) => event.data.requestId === pendingForLeavingCandidate)).toHaveLength(
      1,
    );
    const download = await call(`${stack.url('matching')}${myDataPath}`, { token: stayingCandidate.token });
    expect(download.status).toBe(200);
    expect(JSON.stringify(download.body)).toContain(erasedCompanyLabel);

    const version = request?.version;
    await bus.request(leavingEmployer.id, 'employer');
    await answeredOnce(leavingEmployer.id, 2);
    expect((await stored(employerRequest))?.version).toBe(version);
  }, 90000);

  it('answers for a job seeker who never had a profile, erasing nothing', async () => {
    const requests = db.db!.collection('match_requests');
    const before = await requests.find({}).toArray();
    const stranger = '99999999-9999-4999-8999-999999999999';
    await bus.request(stranger, 'job_seeker');
    await answeredOnce(stranger, 1);
    expect(await requests.find({}).toArray()).toEqual(before);
  }, 60000);
});
