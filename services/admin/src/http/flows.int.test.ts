import { randomUUID } from 'node:crypto';
import {
  type AccessReason,
  erasedCompanyLabel,
  personalDataReadsTopic,
  ZAdminRequestsAnswer,
  ZJobSeekerAccessLogAnswer,
} from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import { erasureBus } from '@meritmatch/service-kit/testing';
import {
  adminAccount,
  call,
  eventually,
  readContactLog,
  registerAccount,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  signIn,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import type { Consumer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erasedNotes } from '../data/contact-logs';

/*
 * What the admin service does with the others, on one stack (auth, profile, matching, admin, the
 * gateway, FerretDB and Kafka; notifications plays no part): the owners' records of an admin's
 * reads, and its part of an erasure. Each route's own cases run in process (`*.routes.test.ts`); the contact log's broker
 * outage has a Kafka of its own (`messaging/contact-log.fault.int.test.ts`).
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    infra: inject('infra'),
    processes: ['auth', 'profile', 'matching', 'admin', 'gateway'],
  });
});
afterAll(() => stack?.close());

/**
 * Every admin screen that shows a job seeker's name, e-mail or phone reads them from their
 * owner (profile: name and phone; auth: e-mail), which records the read before answering.
 * What the admin service asks for, and why, is access-log.routes.test.ts's (with fake owners);
 * here the real owners record those reads, each job seeker sees their own, and no record,
 * event or log answer keeps a personal detail: a flow across auth, profile, admin, the gateway
 * and Kafka. First in the file: it counts every record of a read in the owners' databases.
 */
describe('admins reading personal details leave a record', () => {
  let admin: TestAccount;
  let employer: TestAccount;
  let ada: SeededCandidate;
  let dev: SeededCandidate;
  let bo: TestAccount;
  let requestId: string;
  let profileDb: Connection;
  let authDb: Connection;
  let consumer: Consumer;
  const published: string[] = [];

  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
  type ReadDoc = {
    _id: string;
    details: string[];
    jobSeekers: Array<{ userId: string; reason: AccessReason }>;
  };
  /** An owner's records: those whose events have not left yet, and the rest (the record log moves them). */
  const recordsIn = async (db: Connection) => {
    const found = new Map<string, ReadDoc>();
    for (const collection of ['personal_data_reads_outbox', 'personal_data_reads']) {
      const docs = await db
        .collection<ReadDoc>(collection)
        .find({}, { projection: { _outbox: 0 } })
        .toArray();
      for (const doc of docs) found.set(doc._id, doc);
    }
    return [...found.values()];
  };
  const allRecords = async () => [
    ...(await recordsIn(profileDb)).map((doc) => ({ owner: 'profile' as const, doc })),
    ...(await recordsIn(authDb)).map((doc) => ({ owner: 'auth' as const, doc })),
  ];

  /** The admin calls of every screen that shows a job seeker's details (as the route test makes them). */
  async function readAsTheScreensDo() {
    const expectStatus = async (answer: Promise<{ status: number; text: string }>, status = 200) => {
      const { status: actual, text } = await answer;
      expect(actual, text).toBe(status);
    };
    await expectStatus(adminApi('/requests?status=pending'));
    await expectStatus(adminApi(`/requests/${requestId}`, { method: 'PUT', body: { status: 'approved' } }));
    await expectStatus(adminApi('/requests?status=approved'));
    await expectStatus(adminApi('/requests?status=rejected'));
    await expectStatus(adminApi(`/candidate/${ada.candidateId}?requestId=${requestId}`));
    await expectStatus(adminApi(`/candidate/${dev.candidateId}`));
    await expectStatus(adminApi(`/candidate/${dev.candidateId}?requestId=${requestId}`), 404);
    await expectStatus(adminApi('/users?userType=job_seeker'));
    await expectStatus(adminApi('/users?userType=employer'));
    await expectStatus(adminApi(`/users/${ada.id}`));
    await expectStatus(adminApi(`/users/${employer.id}`));
    await expectStatus(adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'suspended' } }));
    await expectStatus(adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'active' } }));
    await expectStatus(adminApi('/stats'));
    await expectStatus(adminApi('/contact-logs'));
    await expectStatus(adminApi('/access-log'));
  }

  beforeAll(async () => {
    const infra = inject('infra');
    admin = await adminAccount(stack);
    employer = await seedEmployer(stack);
    ada = await seedCandidate(stack, {
      fullName: 'Ada Recordkeeper',
      phone: '+44 20 7946 0958',
      location: 'Leeds, UK',
      skills: [{ name: 'SQL' }],
    });
    dev = await seedCandidate(stack, { fullName: 'Dev Nophone', location: 'York, UK' });
    bo = await registerAccount(stack, 'job_seeker');
    requestId = await seedMatchRequest(stack, employer, ada.candidateId);

    profileDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_profile` })
      .asPromise();
    authDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_auth` })
      .asPromise();
    const kafka = createKafka({
      clientId: 'access-log-test',
      brokers: infra.kafkaBrokers.split(','),
      logger: createLogger('access-log-test', 'silent'),
    });
    consumer = kafka.consumer({ groupId: uniqueName('access-log-test') });
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.namespace}.${personalDataReadsTopic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => void published.push(message.value!.toString()),
    });
    await readAsTheScreensDo();
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await profileDb?.close();
    await authDb?.close();
  });

  it('shows each job seeker their own reads only: the MeritMatch team, when, and for which company', async () => {
    const logOf = async (account: TestAccount, query = 'limit=100') => {
      const answer = await call(`${stack.api}/job-seeker/access-log?${query}`, { token: account.token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      return ZJobSeekerAccessLogAnswer.parse(answer.body);
    };
    const countFor = async (userId: string) =>
      (await allRecords()).flatMap(({ doc }) => doc.jobSeekers).filter((j) => j.userId === userId).length;

    const adaTotal = await countFor(ada.id);
    const adas = await eventually(
      async () => {
        const log = await logOf(ada);
        return log.pagination.totalCount === adaTotal ? log : undefined;
      },
      { what: "all of Ada's reads in her log" },
    );
    expect(new Set(adas.entries.map((entry) => entry.viewer))).toEqual(new Set(['MeritMatch team']));
    expect(adas.entries.filter((entry) => entry.purpose === 'match-request')).toHaveLength(7);
    expect(
      adas.entries
        .filter((e) => e.purpose === 'match-request')
        .every((e) => e.company_name === 'Acme Robotics'),
    ).toBe(true);
    expect(adas.entries.some((entry) => entry.details.includes('phone'))).toBe(true);

    // Bo's suspension ended his session: he signs in again
    const signedIn = await signIn(stack, bo.email, bo.password);
    const boNow = { ...bo, token: signedIn.body.token as string };
    const bos = await eventually(
      async () => {
        const log = await logOf(boNow);
        return log.pagination.totalCount === 3 ? log : undefined;
      },
      { what: "Bo's three e-mail reads" },
    );
    expect(bos.entries.every((entry) => entry.details.join() === 'email')).toBe(true);
    expect(bos.entries.map((entry) => entry.id).some((id) => adas.entries.some((e) => e.id === id))).toBe(
      false,
    );

    // a job seeker nobody looked at sees nothing, and cannot ask for someone else's log
    const newcomer = await registerAccount(stack, 'job_seeker');
    expect((await logOf(newcomer)).entries).toEqual([]);
    expect(
      (await call(`${stack.api}/job-seeker/access-log?userId=${ada.id}`, { token: newcomer.token })).status,
    ).toBe(400);
    expect((await call(`${stack.api}/job-seeker/access-log`, { token: employer.token })).status).toBe(403);
    expect((await call(`${stack.api}/job-seeker/access-log`)).status).toBe(401);

    const [firstTwo, nextTwo, firstFour] = await Promise.all([
      logOf(ada, 'limit=2'),
      logOf(ada, 'page=2&limit=2'),
      logOf(ada, 'limit=4'),
    ]);
    expect(new Set([...firstTwo.entries, ...nextTwo.entries].map((entry) => entry.id))).toEqual(
      new Set(firstFour.entries.map((entry) => entry.id)),
    );
    expect(firstTwo.pagination).toMatchObject({ totalPages: Math.ceil(adaTotal / 2), hasNext: true });
  });

  it('keeps no personal detail in any record, event or log answer', async () => {
    await eventually(async () => published.length >= (await allRecords()).length || undefined, {
      what: "both owners' records on Kafka",
    });
    const secrets = [
      'Ada Recordkeeper',
      'Recordkeeper',
      '+44 20 7946 0958',
      '2079460958',
      'Dev Nophone',
      ada.email,
      dev.email,
      bo.email,
      ...[ada.email, dev.email, bo.email].map((email) => email.split('@')[0]!),
    ];
    const everything = [
      ...(await Promise.all(
        [profileDb, authDb].flatMap((db) =>
          ['personal_data_reads', 'personal_data_reads_outbox'].map(async (name) =>
            JSON.stringify(await db.collection(name).find({}).toArray()),
          ),
        ),
      )),
      ...(await Promise.all(
        ['access_views', 'access_log', 'access_log_order'].map(async (name) =>
          JSON.stringify(await profileDb.collection(name).find({}).toArray()),
        ),
      )),
      ...published,
      (await adminApi('/access-log?limit=100')).text,
      (await call(`${stack.api}/job-seeker/access-log?limit=100`, { token: ada.token })).text,
    ];
    expect(published.length).toBeGreaterThan(0);
    // one record per owner's answer: six of profile (names, phone), nine of auth (e-mails)
    const owners = (await allRecords()).map(({ owner }) => owner);
    expect(owners.filter((owner) => owner === 'profile')).toHaveLength(6);
    expect(owners.filter((owner) => owner === 'auth')).toHaveLength(9);
    for (const text of everything) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

/**
 * The admin service's part of an erasure, against the real services, database and broker. Last in
 * the file: its set-up stops and restarts the admin service.
 */
describe("the admin service's part of an erasure", () => {
  let db: Connection;
  let bus: Awaited<ReturnType<typeof erasureBus>>;
  let admin: TestAccount;
  let employer: TestAccount;
  let leavingEmployer: TestAccount;
  let leavingCandidate: SeededCandidate;
  let stayingCandidate: SeededCandidate;
  let candidateRequest: string;
  let employerRequest: string;
  /** An entry written before entries carried their request's parties. */
  const olderEntryId = randomUUID();

  const request = (from: TestAccount, to: SeededCandidate) =>
    eventually(
      async () => {
        const answer = await call(`${stack.api}/employer/request-candidate`, {
          token: from.token,
          body: { jobSeekerId: to.candidateId, message: 'Quillbert message' },
        });
        return answer.status === 201 ? (answer.body.request.id as string) : undefined;
      },
      { what: 'a request', timeoutMs: 30000 },
    );
  const approve = async (id: string, who: string) => {
    const answer = await call(`${stack.url('matching')}/internal/requests/${id}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        status: 'approved',
        adminNotes: `Quillbert ${who} notes`,
        contactNote: `Quillbert ${who} contact`,
      },
    });
    expect(answer.status).toBe(200);
  };
  const logsOf = async (requestId: string) =>
    (await readContactLog(stack.api, admin.token)).filter((entry) => entry.request_id === requestId);
  /** Every document of every collection of the admin service's database, as text. */
  const everything = async () => {
    const texts: string[] = [];
    for (const { name } of await db.db!.listCollections().toArray())
      for (const doc of await db.db!.collection(name).find({}).toArray()) texts.push(JSON.stringify(doc));
    return texts.join('\n');
  };
  const answered = (userId: string, times: number) =>
    eventually(async () => (bus.answered(userId, 'admin') >= times ? true : undefined), {
      what: `the admin part answered ${times} time(s)`,
      timeoutMs: 30000,
    });

  beforeAll(async () => {
    const infra = inject('infra');
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_admin` }).asPromise();
    bus = await erasureBus(stack, infra.kafkaBrokers);
    admin = await adminAccount(stack);
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

    // the candidate's request is decided while the admin service is away, beside an entry of the
    // kind written before entries carried their parties: its events, read again, tell it whose it is
    await stack.stop('admin');
    candidateRequest = await request(employer, leavingCandidate);
    await approve(candidateRequest, 'candidate');
    await db.db!.collection('contact_log').insertOne({
      _id: olderEntryId as never,
      requestId: candidateRequest,
      action: 'note',
      notes: 'Quillbert candidate older note',
      actorUserId: admin.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    await stack.start('admin');

    employerRequest = await request(leavingEmployer, stayingCandidate);
    await approve(employerRequest, 'employer');
    // an admin's own entry, with a note
    const manual = await call(`${stack.api}/admin/contact-log`, {
      token: admin.token,
      body: { requestId: employerRequest, action: 'note', notes: 'Quillbert employer manual note' },
    });
    expect(manual.status).toBe(201);
    await eventually(async () => ((await logsOf(candidateRequest)).length === 2 ? true : undefined), {
      what: "the candidate's entries",
      timeoutMs: 30000,
    });
    await eventually(async () => ((await logsOf(employerRequest)).length === 2 ? true : undefined), {
      what: "the employer's entries",
      timeoutMs: 30000,
    });
    // the older entry learnt its parties from the events
    await eventually(
      async () => {
        const older = await db.db!.collection('contact_log').findOne({ _id: olderEntryId as never });
        return older?.candidateId === leavingCandidate.candidateId ? true : undefined;
      },
      { what: 'the older entry told its parties', timeoutMs: 30000 },
    );
  }, 180000);
  afterAll(async () => {
    await bus?.close();
    await db?.close();
  });

  it("erases the notes of a job seeker's entries, keeping ids, action and time", async () => {
    const before = await logsOf(candidateRequest);
    expect(JSON.stringify(before)).toContain('Quillbert candidate');
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answered(leavingCandidate.id, 1);

    expect(await everything()).not.toContain('Quillbert candidate');
    // the candidate's code goes with it (profile's `candidate.erased`), a moment later
    const after = await eventually(
      async () => {
        const entries = await logsOf(candidateRequest);
        return entries.every((entry) => entry.candidate_code === null) ? entries : undefined;
      },
      { what: "the candidate's code forgotten", timeoutMs: 30000 },
    );
    expect(before.every((entry) => entry.candidate_code === leavingCandidate.uniqueCode)).toBe(true);
    const kept = ({ notes: _notes, candidate_code: _code, ...rest }: (typeof before)[number]) => rest;
    expect(after.map(kept)).toEqual(before.map(kept));
    expect(after.every((entry) => entry.notes === erasedNotes)).toBe(true);
    expect(await everything()).not.toContain(leavingCandidate.uniqueCode);
    // the other request's notes stay
    expect(JSON.stringify(await logsOf(employerRequest))).toContain('Quillbert employer');

    // asked again: it answers again, and nothing changes
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answered(leavingCandidate.id, 2);
    expect(await logsOf(candidateRequest)).toEqual(after);
  }, 90000);

  it("erases the notes of an employer's entries and its company, and says so on the admin's requests", async () => {
    expect(await everything()).toContain('Quillbert Holdings');
    await bus.employerErased(leavingEmployer.id);
    await bus.request(leavingEmployer.id, 'employer');
    await answered(leavingEmployer.id, 1);

    expect(await everything()).not.toContain('Quillbert');
    const entries = await logsOf(employerRequest);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['approved_match', 'note']);
    expect(entries.every((entry) => entry.notes === erasedNotes)).toBe(true);

    // matching did its part too: the admin's queue says which party went
    const approved = async () =>
      ZAdminRequestsAnswer.parse(
        (await call(`${stack.api}/admin/requests?status=approved`, { token: admin.token })).body,
      ).requests;
    const shown = await eventually(
      async () => {
        const found = (await approved()).find((entry) => entry.id === employerRequest);
        return found?.employer_erased ? found : undefined;
      },
      { what: "matching's part done", timeoutMs: 30000 },
    );
    expect(shown.employer_info.companyName).toBe(erasedCompanyLabel);
    expect(JSON.stringify(shown)).not.toContain('Quillbert');
    expect((await approved()).find((entry) => entry.id === candidateRequest)?.candidate_erased).toBe(true);

    await bus.request(leavingEmployer.id, 'employer');
    await answered(leavingEmployer.id, 2);
    expect(await logsOf(employerRequest)).toEqual(entries);
  }, 90000);
});

/**
 * The contact log as a working tool across the stack: the candidates' codes come from the
 * `candidates` topic (group `candidate-codes`), the filters reach the service through the gateway,
 * and the export is streamed by the service and passed on by the gateway as it comes.
 */
describe('the contact log filtered by code and exported through the gateway', () => {
  it("finds a candidate's entries by the code the admin sees, and exports them as CSV", async () => {
    const admin = await adminAccount(stack);
    const employer = await seedEmployer(stack, {
      company: {
        companyName: 'Filterby Works',
        industry: 'Technology',
        companySize: '1-10',
        website: 'filterby.example.org',
        description: 'Reads its log.',
      },
    });
    const wanted = await seedCandidate(stack, { skills: [{ name: 'Filtering' }] });
    const other = await seedCandidate(stack, { skills: [{ name: 'Filtering' }] });
    const requestFor = (candidate: SeededCandidate) =>
      eventually(
        async () => {
          const answer = await call(`${stack.api}/employer/request-candidate`, {
            token: employer.token,
            body: { jobSeekerId: candidate.candidateId, message: 'Filterby message' },
          });
          return answer.status === 201 ? (answer.body.request.id as string) : undefined;
        },
        { what: 'a request', timeoutMs: 30000 },
      );
    for (const candidate of [wanted, other]) {
      const id = await requestFor(candidate);
      const decided = await call(`${stack.api}/admin/requests/${id}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', contactNote: 'Filterby contact' },
      });
      expect(decided.status, decided.text).toBe(200);
    }

    const query = `code=${wanted.uniqueCode.toLowerCase()}&employer=${employer.id}`;
    const logs = await eventually(
      async () => {
        const answer = await call(`${stack.api}/admin/contact-logs?${query}`, { token: admin.token });
        return answer.status === 200 && answer.body.logs.length === 1 ? answer.body.logs : undefined;
      },
      { what: "the candidate's entry, found by its code", timeoutMs: 30000 },
    );
    expect(logs[0]).toMatchObject({
      action: 'approved_match',
      company_name: 'Filterby Works',
      candidate_code: wanted.uniqueCode,
    });

    const exported = await fetch(`${stack.api}/admin/contact-logs/export?${query}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contact-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await exported.text()).split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,approved_match,Match approved,${logs[0].request_id},Filterby Works,${wanted.uniqueCode},`,
    );
    expect(lines.join('\n')).not.toContain(other.uniqueCode);
  }, 120000);
});
