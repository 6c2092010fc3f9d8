import {
  type AccessReason,
  personalDataReadsTopic,
  ZAdminAccessLogAnswer,
  ZJobSeekerAccessLogAnswer,
} from '@meritmatch/contracts';
import { createKafka, createLogger } from '@meritmatch/service-kit';
import {
  adminAccount,
  call,
  eventually,
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

/** What one owner recorded for one answer, in the test's own words. */
type Recorded = { owner: 'profile' | 'auth'; whose: string[]; details: string[]; why: string };

/**
 * Every admin screen that shows a job seeker's name, e-mail or phone reads them from their
 * owner (profile: name and phone; auth: e-mail), which records the read before answering.
 * These tests count the records in the owners' own databases after each admin call.
 */
describe('admins reading personal details leave a record', () => {
  let stack: Stack;
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
  const names = new Map<string, string>();

  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
  const why = (reason: AccessReason) =>
    reason.purpose === 'match-request'
      ? `request ${reason.requestId === requestId ? 'R' : reason.requestId} of ${reason.employerId === employer.id ? 'Acme' : reason.employerId}`
      : 'user management';

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

  /** Runs one admin call and answers the records it left, one per owner's answer. */
  async function recordsOf(action: () => Promise<{ status: number; text: string }>, status = 200) {
    const seen = new Set((await allRecords()).map(({ doc }) => doc._id));
    const answer = await action();
    expect(answer.status, answer.text).toBe(status);
    return (await allRecords())
      .filter(({ doc }) => !seen.has(doc._id))
      .map(
        ({ owner, doc }): Recorded => ({
          owner,
          whose: doc.jobSeekers.map((j) => names.get(j.userId) ?? j.userId).sort(),
          details: doc.details,
          why: [...new Set(doc.jobSeekers.map((j) => why(j.reason)))].join(', '),
        }),
      )
      .sort((a, b) => (a.owner === b.owner ? 0 : a.owner === 'profile' ? -1 : 1));
  }

  beforeAll(async () => {
    const infra = inject('infra');
    stack = await startStack({ infra });
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
    names.set(ada.id, 'Ada').set(dev.id, 'Dev').set(bo.id, 'Bo');
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
  });
  afterAll(async () => {
    await consumer?.disconnect();
    await profileDb?.close();
    await authDb?.close();
    await stack?.close();
  });

  it('records every path that shows a name, e-mail or phone: exactly one record per read, with its reason', async () => {
    const forR = 'request R of Acme';

    // the queue: e-mails on every tab, the name only once approved
    expect(await recordsOf(() => adminApi('/requests?status=pending'))).toEqual([
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(
      await recordsOf(() =>
        adminApi(`/requests/${requestId}`, { method: 'PUT', body: { status: 'approved' } }),
      ),
    ).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await recordsOf(() => adminApi('/requests?status=approved'))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await recordsOf(() => adminApi('/requests?status=rejected'))).toEqual([]);

    // the candidate modal: opened from the request, or from user management
    expect(await recordsOf(() => adminApi(`/candidate/${ada.candidateId}?requestId=${requestId}`))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name', 'phone'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await recordsOf(() => adminApi(`/candidate/${dev.candidateId}`))).toEqual([
      { owner: 'profile', whose: ['Dev'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Dev'], details: ['email'], why: 'user management' },
    ]);
    // a request of another candidate is no reason to read Dev's details
    expect(
      await recordsOf(() => adminApi(`/candidate/${dev.candidateId}?requestId=${requestId}`), 404),
    ).toEqual([]);

    // user management: the list (one read of everyone shown), one user, status changes
    expect(await recordsOf(() => adminApi('/users?userType=job_seeker'))).toEqual([
      { owner: 'profile', whose: ['Ada', 'Dev'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Ada', 'Bo', 'Dev'], details: ['email'], why: 'user management' },
    ]);
    expect(await recordsOf(() => adminApi('/users?userType=employer'))).toEqual([]);
    expect(await recordsOf(() => adminApi(`/users/${ada.id}`))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: 'user management' },
    ]);
    expect(await recordsOf(() => adminApi(`/users/${employer.id}`))).toEqual([]);
    expect(
      await recordsOf(() =>
        adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'suspended' } }),
      ),
    ).toEqual([{ owner: 'auth', whose: ['Bo'], details: ['email'], why: 'user management' }]);
    expect(
      await recordsOf(() =>
        adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'active' } }),
      ),
    ).toEqual([{ owner: 'auth', whose: ['Bo'], details: ['email'], why: 'user management' }]);

    // screens without a job seeker's details read none
    expect(await recordsOf(() => adminApi('/stats'))).toEqual([]);
    expect(await recordsOf(() => adminApi('/contact-logs'))).toEqual([]);
    expect(await recordsOf(() => adminApi('/access-log'))).toEqual([]);
  });

  it("lists every owner's read for admins: who, whose (by code), when, which details and why", async () => {
    const expected = (await allRecords()).length;
    const page = await eventually(
      async () => {
        const answer = ZAdminAccessLogAnswer.parse((await adminApi('/access-log?limit=100')).body);
        return answer.pagination.totalCount === expected && answer.entries.length === expected
          ? answer
          : undefined;
      },
      { what: 'every recorded read in the Data Access Log' },
    );
    const times = page.entries.map((entry) => entry.read_at);
    expect(times).toEqual([...times].sort().reverse());
    const forR = page.entries.filter((entry) => entry.job_seekers[0]?.request_id === requestId);
    expect(forR.filter((entry) => entry.details.includes('phone'))).toEqual([
      expect.objectContaining({
        admin_user_id: admin.id,
        admin_email: stack.admin.email,
        details: ['name', 'phone'],
        job_seeker_count: 1,
        job_seekers: [
          {
            user_id: ada.id,
            candidate_id: ada.candidateId,
            unique_code: ada.uniqueCode,
            purpose: 'match-request',
            request_id: requestId,
            company_name: 'Acme Robotics',
          },
        ],
      }),
    ]);
    // queue pending, approval, approved tab, candidate modal: one e-mail read each
    expect(forR.filter((entry) => entry.details.join() === 'email')).toHaveLength(4);
    const list = page.entries.find(
      (entry) => entry.details.join() === 'email' && entry.job_seeker_count === 3,
    );
    expect(list?.job_seekers.find((j) => j.user_id === bo.id)).toMatchObject({
      unique_code: null,
      candidate_id: null,
      purpose: 'user-management',
      company_name: null,
    });

    // pages follow one another (each shows its reads by time)
    const pageOf = async (query: string) =>
      ZAdminAccessLogAnswer.parse((await adminApi(`/access-log?${query}`)).body);
    const [first, second, both] = await Promise.all([
      pageOf('page=1&limit=5'),
      pageOf('page=2&limit=5'),
      pageOf('page=1&limit=10'),
    ]);
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id))).toEqual(
      new Set(both.entries.map((entry) => entry.id)),
    );
    expect(second.pagination).toMatchObject({ currentPage: 2, hasPrev: true, totalCount: expected });
    expect((await adminApi('/access-log?limit=500')).status).toBe(400);
    expect((await call(`${stack.api}/admin/access-log`, { token: ada.token })).status).toBe(403);
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
    for (const text of everything) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
