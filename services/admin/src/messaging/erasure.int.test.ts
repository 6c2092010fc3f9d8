import { randomUUID } from 'node:crypto';
import { erasedCompanyLabel, ZAdminRequestsAnswer } from '@meritmatch/contracts';
import { erasureBus } from '@meritmatch/service-kit/testing';
import {
  adminAccount,
  call,
  eventually,
  readContactLog,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { erasedNotes } from '../data/contact-logs';

/** The admin service's part of an erasure, against the real services, database and broker. */
describe("the admin service's part of an erasure", () => {
  let stack: Stack;
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
    stack = await startStack({ infra, processes: ['auth', 'profile', 'matching', 'admin', 'gateway'] });
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
    await stack?.close();
  });

  it("erases the notes of a job seeker's entries, keeping ids, action and time", async () => {
    const before = await logsOf(candidateRequest);
    expect(JSON.stringify(before)).toContain('Quillbert candidate');
    await bus.request(leavingCandidate.id, 'job_seeker');
    await answered(leavingCandidate.id, 1);

    expect(await everything()).not.toContain('Quillbert candidate');
    const after = await logsOf(candidateRequest);
    expect(after.map(({ notes: _notes, ...rest }) => rest)).toEqual(
      before.map(({ notes: _notes, ...rest }) => rest),
    );
    expect(after.every((entry) => entry.notes === erasedNotes)).toBe(true);
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
