import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  mailbox,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  seedRequestStartingAs,
  setCandidateSettings,
  setVerification,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { canaries } from '../testing/canaries';

/*
 * What matching does with the other services, on one shared stack: the privacy of everything an
 * employer, an event or a log meets (profile's masking, notifications' e-mails), the erasure as
 * auth and profile start it, and how soon the other services' news (verification, suspension,
 * settings) reaches search. Each route's own cases run in process (`*.routes.test.ts`).
 */
let stack: Stack;
let adminToken: string;
let consumer: Consumer;
/** Every event on `match-requests`, as sent, and its status changes parsed. */
const events: string[] = [];
const statusChanges: MatchRequestStatusChanged[] = [];

beforeAll(async () => {
  const infra = inject('infra');
  stack = await startStack({
    infra,
    // with notifications: the employer's e-mails are scanned as well
    processes: ['auth', 'profile', 'matching', 'notifications', 'gateway'],
    // everything the services log, so the privacy scan has something to read
    logLevel: 'info',
  });
  adminToken = (await adminAccount(stack)).token;
  const kafka = createKafka({
    clientId: 'matching-flows-test',
    brokers: infra.kafkaBrokers.split(','),
    logger: createLogger('matching-flows-test', 'silent'),
  });
  consumer = kafka.consumer({ groupId: uniqueName('matching-flows-test') });
  await consumer.connect();
  await consumer.subscribe({ topic: `${stack.namespace}.${matchRequestsTopic}`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const text = message.value!.toString();
      events.push(text);
      const event = ZMatchRequestEvent.parse(JSON.parse(text));
      if (event.type === 'match.request.status-changed') statusChanges.push(event);
    },
  });
});
afterAll(async () => {
  await consumer?.disconnect();
  await stack?.close();
});

/**
 * Job seekers with distinctive personal details, typed into their free text too. The names
 * of things (company, school, skill...) hold the full name, which is hidden there; a single
 * word of the name is hidden only in descriptions, since in a name of a thing it is often a
 * real place or organisation (Florence, Ford).
 */
const people = [
  {
    fullName: 'Philippa Wrexhamstone',
    email: 'philippa.wrex@mailbox.example',
    phone: '+44 20 7946 0958',
    city: 'Cardiff, UK',
    gender: 'female',
  },
  {
    fullName: 'Oluwaseun Thistlewood',
    email: 'seun.thistle@postbox.example',
    phone: '(212) 555-0173',
    city: 'Lagos, Nigeria',
    gender: 'male',
  },
];

/** What the first person set: consent before contact, and a block list of another company. */
const rival = { name: 'Quillfeather Rival Holdings', website: 'quillfeather-rival.example' };

// first, while the stack has no other candidate: its two must each be alike no one
describe('privacy: no personal detail in any answer or e-mail to an employer, event or log', () => {
  let employer: TestAccount;
  const answers: string[] = [];
  const employerCall = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const answer = await call(`${stack.api}/employer${path}`, { ...init, token: employer.token });
    answers.push(answer.text);
    return answer;
  };

  beforeAll(async () => {
    employer = await seedEmployer(stack);
  });

  // two job seekers in two cities: each is alike no one, so neither their place, age nor gender
  // may be shown (k = 5), let alone a birth date or an exact age
  it('never shows names, e-mails, phones, birth dates, ages, or a place or gender that singles someone out', async () => {
    const seeded = [];
    for (const person of people) {
      const [first, last] = person.fullName.split(' ');
      seeded.push(
        await seedCandidate(
          stack,
          {
            fullName: person.fullName,
            phone: person.phone,
            location: person.city,
            dateOfBirth: '1987-11-23',
            gender: person.gender,
            skills: [{ name: 'Negotiation' }, { name: `Ask ${person.fullName}` }],
            experiences: [
              {
                companyName: `${person.fullName} & Partners`,
                position: `Assistant to ${person.fullName}`,
                startDate: '2015-03-01',
                isCurrent: true,
                experienceType: 'professional',
                description: `I am ${person.fullName}, ${first} to friends, ${last} at work. Call ${person.phone} or write ${person.email}; portfolio at https://${last?.toLowerCase()}.example/cv`,
              },
            ],
            education: [
              {
                institution: `${person.fullName} Academy`,
                degree: "Bachelor's Degree",
                fieldOfStudy: `Studies with ${person.fullName}`,
              },
            ],
            certifications: [
              {
                name: `${person.fullName} Award`,
                issuer: `${person.fullName} Foundation`,
                issueDate: '2019-05-05',
                credentialId: `${last}-CRED-77`,
                credentialUrl: `https://verify.example/${last}`,
              },
            ],
          },
          person.email,
        ),
      );
    }
    const asking = seeded[0]!;
    await setCandidateSettings(stack, asking, { askBeforeSharing: true, blockedCompanies: [rival] });
    await eventually(
      async () => (await employerCall('/search?skills=negotiation')).body.candidates?.length === 2,
      {
        what: 'both candidates searchable',
      },
    );

    for (const query of [
      '',
      'skills=negotiation',
      'location=uk',
      'skills=ask',
      'experience=senior',
      'education=bachelor',
    ]) {
      await employerCall(`/search?${query}`);
    }
    for (const candidate of seeded) {
      await employerCall(`/candidate/${candidate.candidateId}`);
      const id = await seedRequestStartingAs(
        stack,
        employer,
        candidate,
        candidate === asking ? 'awaiting_candidate' : 'pending',
      );
      await employerCall('/requests');
      if (candidate === asking) {
        const accepted = await call(`${stack.api}/job-seeker/interest/${id}`, {
          method: 'PUT',
          token: candidate.token,
          body: { decision: 'accept' },
        });
        expect(accepted.status).toBe(200);
      }
      await call(`${stack.url('matching')}/internal/requests/${id}`, {
        method: 'PUT',
        token: adminToken,
        body: { status: 'approved', adminNotes: 'Approved', contactNote: 'We will introduce you' },
      });
    }
    // the e-mails to the employer: verified, and each approval (only the template and the contact note)
    const mails = await mailbox(inject('infra')).waitFor(employer.email, 3, 30000);
    const approvals = mails.filter((mail) => mail.subject.startsWith('Match approved'));
    expect(approvals).toHaveLength(2);
    for (const mail of approvals) expect(mail.text).toContain('We will introduce you');
    for (const mail of mails) answers.push(mail.subject, mail.text, mail.html);
    const requests = await employerCall('/requests');
    for (const request of requests.body.requests)
      await employerCall(`/unmatch/${request.id}`, { method: 'DELETE' });
    await employerCall('/requests');
    await employerCall('/profile');

    await eventually(() => events.some((event) => event.includes('"unmatched"')), {
      what: 'the match request events',
    });
    const logs = readdirSync(stack.logDir)
      .filter((file) => file.endsWith('.log'))
      .map((file) => readFileSync(join(stack.logDir, file), 'utf8'));
    expect(logs.join('').length).toBeGreaterThan(0);
    // the candidate's own decisions are events like the admin's, by a job seeker, with no personal detail
    expect(events.join('\n')).toContain('"role":"job_seeker"');

    const everything = answers.join('\n').toLowerCase();
    // nothing of the candidate's settings reaches an employer: no owner, consent, pause or block list
    for (const secret of [
      'quillfeather',
      'rival',
      'askbeforesharing',
      'paused',
      'blocked',
      'owner',
      'awaiting',
      'declined',
      'withdrawn',
    ]) {
      expect(everything, `settings leaked: ${secret}`).not.toContain(secret);
    }
    const elsewhere = { events: events.join('\n').toLowerCase(), logs: logs.join('\n').toLowerCase() };
    expect(everything).toContain('[name hidden]');
    for (const [index, person] of people.entries()) {
      const [first, last] = person.fullName.split(' ') as [string, string];
      const digits = person.phone.replace(/\D/g, '');
      for (const secret of [
        person.fullName,
        first,
        last,
        person.email,
        person.phone,
        digits.slice(-7),
        '1987-11-23',
        person.city,
        person.city.split(',')[0]!,
        `"gender":"${person.gender}"`,
        `${last}-cred-77`,
        seeded[index]!.id,
      ]) {
        expect(everything, `leaked: ${secret}`).not.toContain(secret.toLowerCase());
      }
      for (const secret of [person.fullName, first, last, person.email, person.phone, digits.slice(-7)]) {
        for (const [where, text] of Object.entries(elsewhere))
          expect(text, `${secret} in the ${where}`).not.toContain(secret.toLowerCase());
      }
    }
    for (const field of [
      'full_name',
      'fullname',
      'email',
      'phone',
      'date_of_birth',
      'age',
      'credential',
      'user_id',
    ]) {
      expect(everything, `field ${field}`).not.toContain(`"${field}"`);
    }
    // the detail carries an age band, and not even that for someone alike no one
    const details = answers.filter((text) => text.includes('"age_band"'));
    expect(details).toHaveLength(2);
    for (const text of details) expect(text).toContain('"age_band":null');
  });
});

/** Matching's part of an erasure, against the real services, database and broker. */
describe("matching's part of an erasure, as the other services start it", () => {
  let db: Connection;
  let bus: Awaited<ReturnType<typeof erasureBus>>;
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
    db = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_matching` })
      .asPromise();
    bus = await erasureBus(stack, infra.kafkaBrokers);
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
    // the leaving candidate shown in a search and opened: both in the search log
    for (const path of [
      '/employer/search?skills=erasing',
      `/employer/candidate/${leavingCandidate.candidateId}`,
    ])
      expect((await call(`${stack.api}${path}`, { token: employer.token })).status).toBe(200);
  }, 120000);
  afterAll(async () => {
    await bus?.close();
    await db?.close();
  });

  // the texts' route itself, with each kind of token, is in erasure.routes.test.ts
  it("erases a job seeker's requests' words, keeps their ids and status, and shows the employer 'a deleted candidate'", async () => {
    expect(await everything()).toContain('Quillbert candidate');
    const [decision] = (await stored(candidateRequest))?.notesByEvent ?? [];
    // profile's marker, then auth's request (in the product, profile sends the marker in its own part)
    await bus.candidateErased(leavingCandidate.candidateId, leavingCandidate.id);
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answeredOnce(leavingCandidate.id, 1);

    expect(await everything()).not.toContain('Quillbert candidate');
    // the search log keeps the employer's entries, without the candidate
    const searchLog = await db.db!.collection('search_log').find({ employerId: employer.id }).toArray();
    expect(searchLog.map((entry) => entry.kind)).toContain('search');
    expect(JSON.stringify(searchLog)).not.toContain(leavingCandidate.candidateId);
    expect(JSON.stringify(searchLog)).not.toContain(leavingCandidate.uniqueCode);
    // its events' readers are told nothing more
    expect((await textsOf(candidateRequest, decision.eventId)).body).toEqual({
      message: null,
      adminNotes: null,
      contactNote: null,
      position: null,
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

describe("the other services' news reaching search", () => {
  it('opens the gate within seconds of a verification, and closes it within seconds of a revocation', async () => {
    const employer = await seedEmployer(stack, { verified: false });
    const search = () => call(`${stack.api}/employer/search`, { token: employer.token });
    expect((await search()).status).toBe(403);

    await setVerification(stack, employer.id, true);
    await eventually(async () => (await search()).status === 200, { what: 'verification reached matching' });

    await setVerification(stack, employer.id, false);
    const started = Date.now();
    await eventually(async () => (await search()).status === 403, {
      what: 'revocation reached matching',
      timeoutMs: 5000,
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes a job seeker suspended at auth out of search within seconds', async () => {
    const employer = await seedEmployer(stack);
    const candidate = await seedCandidate(stack, { skills: [{ name: 'Elixir' }] });
    const found = async () => {
      const answer = await call(`${stack.api}/employer/search?skills=elixir`, { token: employer.token });
      return answer.status === 200
        ? (answer.body.candidates as { id: string }[]).some((c) => c.id === candidate.candidateId)
        : false;
    };
    await eventually(found, { what: 'candidate listed' });
    const suspended = await call(`${stack.url('auth')}/internal/users/${candidate.id}/status`, {
      method: 'PUT',
      token: adminToken,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    await eventually(async () => !(await found()), { what: 'candidate gone from search', timeoutMs: 10000 });
    expect(
      (await call(`${stack.api}/employer/candidate/${candidate.candidateId}`, { token: employer.token }))
        .status,
    ).toBe(404);
  });

  it("hides a candidate from their current employer by profile's default, until the candidate lets it find them", async () => {
    const globex = await seedEmployer(stack, {
      company: {
        companyName: 'Globex Ltd',
        industry: 'Technology',
        companySize: '201-500',
        website: 'https://careers.globex.example/jobs',
        description: 'Everything, globally.',
      },
    });
    const employee: SeededCandidate = await seedCandidate(stack, {
      skills: [{ name: 'Zymurgy' }],
      experiences: [
        {
          companyName: 'GLOBEX',
          position: 'Analyst',
          startDate: '2020-01-01',
          isCurrent: true,
          experienceType: 'professional',
        },
      ],
    });
    const detail = async () =>
      (await call(`${stack.api}/employer/candidate/${employee.candidateId}`, { token: globex.token })).status;
    const profile = (await call(`${stack.api}/job-seeker/profile`, { token: employee.token })).body.profile;
    expect(profile.settings.current_employers).toEqual([{ company_name: 'GLOBEX', blocked: true }]);
    expect(await detail()).toBe(404);
    await setCandidateSettings(stack, employee, { allowedCurrentEmployers: ['GLOBEX'] });
    await eventually(async () => (await detail()) === 200, {
      what: 'the current employer finds the candidate again',
    });
  });

  it('answers a call through the gateway without a token 401', async () => {
    expect((await call(`${stack.api}/job-seeker/interest`, {})).status).toBe(401);
  });
});
