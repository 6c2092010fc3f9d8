import {
  type EmployerMatchRequest,
  ZEmployerRequestsAnswer,
  ZInterestAnswer,
  ZInterestWriteAnswer,
} from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  registerAccount,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  seedRequestStartingAs,
  setCandidateSettings,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const company = {
  companyName: 'Brightpath Software',
  industry: 'Technology',
  companySize: '51-200',
  website: 'brightpath.example.com',
  description: 'Scheduling software for clinics.',
};

/** The job seeker's Interest page and their consent, against the real services. */
describe('Interest: who asked for me, and consent before contact', () => {
  let stack: Stack;
  let employer: TestAccount;
  let adminToken: string;
  let asking: SeededCandidate;
  let open: SeededCandidate;

  const interest = (who: TestAccount, path = '', init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/job-seeker/interest${path}`, { ...init, token: who.token });
  const decide = (who: TestAccount, id: string, decision: string) =>
    interest(who, `/${id}`, { method: 'PUT', body: { decision } });
  const adminDecide = (id: string, body: unknown) =>
    call(`${stack.url('matching')}/internal/requests/${id}`, { method: 'PUT', token: adminToken, body });
  const employerView = async (id: string): Promise<EmployerMatchRequest> => {
    const answer = ZEmployerRequestsAnswer.parse(
      (await call(`${stack.api}/employer/requests`, { token: employer.token })).body,
    );
    return answer.requests.find((request) => request.id === id)!;
  };
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'gateway'],
    });
    adminToken = (await adminAccount(stack)).token;
    employer = await seedEmployer(stack, { company });
    asking = await seedCandidate(stack, { skills: [{ name: 'Scheduling' }] });
    open = await seedCandidate(stack, { skills: [{ name: 'Scheduling' }] });
    await setCandidateSettings(stack, asking, { askBeforeSharing: true });
  });
  afterAll(() => stack?.close());

  it('lists nothing before any request, and only to a job seeker', async () => {
    expect(ZInterestAnswer.parse((await interest(open)).body)).toEqual({ requests: [] });
    const noProfile = await registerAccount(stack, 'job_seeker');
    expect(ZInterestAnswer.parse((await interest(noProfile)).body)).toEqual({ requests: [] });
    expect((await interest(employer)).status).toBe(403);
    expect((await call(`${stack.api}/job-seeker/interest`, {})).status).toBe(401);
    // the service checks the token itself
    expect((await call(`${stack.url('matching')}/api/job-seeker/interest`, {})).status).toBe(401);
  });

  it('with consent off, a request goes straight to the admin: "With our team", then "Introduced"', async () => {
    const id = await seedMatchRequest(stack, employer, open.candidateId);
    const [request] = ZInterestAnswer.parse((await interest(open)).body).requests;
    expect(request).toMatchObject({
      id,
      company_name: 'Brightpath Software',
      industry: 'Technology',
      company_size: '51-200',
      message: null,
      status: 'pending',
      status_label: 'With our team',
      decisions: ['withdraw'],
    });
    expect((await adminDecide(id, { status: 'approved', contactNote: 'We will call you' })).status).toBe(200);
    const after = ZInterestAnswer.parse((await interest(open)).body).requests[0]!;
    expect(after).toMatchObject({ status: 'approved', status_label: 'Introduced', decisions: [] });
    expect(await employerView(id)).toMatchObject({ status: 'approved', status_label: 'Matched' });
  });

  it('with consent on, the request waits for the candidate, the admin cannot approve it, and an accept sends it on', async () => {
    const id = await seedRequestStartingAs(stack, employer, asking, 'awaiting_candidate');
    // the employer sees what it always saw
    expect(await employerView(id)).toMatchObject({ status: 'pending', status_label: 'Pending Review' });
    // the admin's own tab lists it, and approving it now is refused with a clear text
    const tab = await call(`${stack.url('matching')}/internal/requests?status=awaiting_candidate`, {
      token: adminToken,
    });
    expect(tab.body.requests.map((request: { id: string }) => request.id)).toContain(id);
    const early = await adminDecide(id, { status: 'approved' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'CONFLICT',
      message:
        "This request is waiting for the candidate's consent. It can be decided once the candidate accepts it.",
    });

    const waiting = ZInterestAnswer.parse((await interest(asking)).body).requests.find((r) => r.id === id)!;
    expect(waiting).toMatchObject({ status_label: 'Waiting for you', decisions: ['accept', 'decline'] });
    const accepted = await decide(asking, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(ZInterestWriteAnswer.parse(accepted.body)).toMatchObject({
      message: 'Request accepted successfully! Our team will review it before anything is shared.',
      request: { status: 'pending', status_label: 'With our team' },
    });
    // a second accept is not a second move
    expect((await decide(asking, id, 'accept')).body.message).toBe(
      'This request is no longer waiting for your answer.',
    );
    expect((await adminDecide(id, { status: 'approved' })).status).toBe(200);
    const introduced = ZInterestAnswer.parse((await interest(asking)).body).requests.find(
      (r) => r.id === id,
    )!;
    expect(introduced.status_label).toBe('Introduced');
    await call(`${stack.api}/employer/unmatch/${id}`, { method: 'DELETE', token: employer.token });
  });

  it('a decline closes the request: the employer sees Not Approved and no reason', async () => {
    const id = await seedRequestStartingAs(stack, employer, asking, 'awaiting_candidate');
    const declined = await decide(asking, id, 'decline');
    expect(declined.body).toMatchObject({
      message: 'Request declined successfully. The company sees only that it was not approved.',
      request: { status: 'declined', status_label: 'Declined', decisions: [] },
    });
    expect(await employerView(id)).toMatchObject({
      status: 'rejected',
      status_label: 'Not Approved',
      admin_notes: null,
      contact_note: null,
    });
    expect((await adminDecide(id, { status: 'approved' })).status).toBe(409);
  });

  it('consent can be withdrawn while the request is with the admin team, not after', async () => {
    await setCandidateSettings(stack, asking, { askBeforeSharing: false });
    const id = await seedRequestStartingAs(stack, employer, asking, 'pending');
    const withdrawn = await decide(asking, id, 'withdraw');
    expect(withdrawn.body).toMatchObject({
      message: 'Consent withdrawn successfully. Your details will not be shared.',
      request: { status: 'withdrawn', status_label: 'Declined' },
    });
    expect(await employerView(id)).toMatchObject({ status: 'rejected', status_label: 'Not Approved' });
    expect((await adminDecide(id, { status: 'approved' })).status).toBe(409);

    const approved = await seedMatchRequest(stack, employer, asking.candidateId);
    await adminDecide(approved, { status: 'approved' });
    const late = await decide(asking, approved, 'withdraw');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Consent can be withdrawn only while the request is with our team.');
  });

  it("answers another candidate's request 404 and changes nothing", async () => {
    // the approved request of the first test is still open: the employer unmatches it first
    const [approved] = ZInterestAnswer.parse((await interest(open)).body).requests;
    await call(`${stack.api}/employer/unmatch/${approved!.id}`, { method: 'DELETE', token: employer.token });
    expect(ZInterestAnswer.parse((await interest(open)).body).requests[0]!.status_label).toBe('Closed');
    const id = await seedMatchRequest(stack, employer, open.candidateId);
    for (const decision of ['accept', 'decline', 'withdraw']) {
      const answer = await decide(asking, id, decision);
      expect(answer.status, decision).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', message: 'Match request not found' });
    }
    expect(ZInterestAnswer.parse((await interest(asking)).body).requests.map((r) => r.id)).not.toContain(id);
    expect((await employerView(id)).status).toBe('pending');
    expect((await decide(asking, 'not-an-id', 'accept')).status).toBe(400);
    const unknown = await interest(open, `/${id}`, { method: 'PUT', body: { decision: 'approve' } });
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Decision must be accept, decline or withdraw',
    });
  });
});
