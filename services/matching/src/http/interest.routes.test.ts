import {
  type EmployerMatchRequest,
  ZEmployerRequestsAnswer,
  ZInterestAnswer,
  ZInterestWriteAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type Candidate,
  type Company,
  type MatchingHarness,
  matchingHarness,
} from '../testing/harness';

const company: Company = {
  companyName: 'Brightpath Software',
  industry: 'Technology',
  companySize: '51-200',
  website: 'brightpath.example.com',
};

/** The job seeker's Interest page and their consent. */
describe('Interest: who asked for me, and consent before contact', () => {
  let h: MatchingHarness;
  let employer: Account;
  let admin: Account;
  let asking: Candidate;
  let open: Candidate;

  const interest = (who: Account, path = '', init: { method?: string; body?: unknown } = {}) =>
    h.as(who, '/api/job-seeker/interest')(path, init);
  const decide = (who: Account, id: string, decision: string) =>
    interest(who, `/${id}`, { method: 'PUT', body: { decision } });
  const adminDecide = (id: string, body: unknown) =>
    h.as(admin)(`/internal/requests/${id}`, { method: 'PUT', body });
  const employerView = async (id: string): Promise<EmployerMatchRequest> => {
    const answer = ZEmployerRequestsAnswer.parse((await h.as(employer, '/api/employer')('/requests')).body);
    return answer.requests.find((request) => request.id === id)!;
  };
  /** A request of the employer, checked to start as `status` (the candidate's consent decides). */
  const requestStartingAs = async (candidate: Candidate, status: 'pending' | 'awaiting_candidate') => {
    const id = await h.request(employer, candidate);
    expect((await h.requests.load(id))?.status).toBe(status);
    return id;
  };
  beforeAll(async () => {
    h = await matchingHarness();
    admin = await h.admin();
    employer = await h.employer({ company });
    asking = await h.candidate({ skills: [{ name: 'Scheduling' }] });
    open = await h.candidate({ skills: [{ name: 'Scheduling' }] });
    h.setSettings(asking, { askBeforeSharing: true });
  });

  it('lists nothing before any request, and only to a job seeker', async () => {
    expect(ZInterestAnswer.parse((await interest(open)).body)).toEqual({ requests: [] });
    const noProfile = await h.jobSeeker();
    expect(ZInterestAnswer.parse((await interest(noProfile)).body)).toEqual({ requests: [] });
    expect((await interest(employer)).status).toBe(403);
    // the service checks the token itself
    expect((await h.call('/api/job-seeker/interest')).status).toBe(401);
  });

  it('with consent off, a request goes straight to the admin: "With our team", then "Introduced"', async () => {
    const id = await requestStartingAs(open, 'pending');
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
    const id = await requestStartingAs(asking, 'awaiting_candidate');
    // the employer sees what it always saw
    expect(await employerView(id)).toMatchObject({ status: 'pending', status_label: 'Pending Review' });
    // the admin's own tab lists it, and approving it now is refused with a clear text
    const tab = await h.as(admin)('/internal/requests?status=awaiting_candidate');
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
    await h.as(employer, '/api/employer')(`/unmatch/${id}`, { method: 'DELETE' });
  });

  it('a decline closes the request: the employer sees Not Approved and no reason', async () => {
    const id = await requestStartingAs(asking, 'awaiting_candidate');
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
    h.setSettings(asking, { askBeforeSharing: false });
    const id = await requestStartingAs(asking, 'pending');
    const withdrawn = await decide(asking, id, 'withdraw');
    expect(withdrawn.body).toMatchObject({
      message: 'Consent withdrawn successfully. Your details will not be shared.',
      request: { status: 'withdrawn', status_label: 'Declined' },
    });
    expect(await employerView(id)).toMatchObject({ status: 'rejected', status_label: 'Not Approved' });
    expect((await adminDecide(id, { status: 'approved' })).status).toBe(409);

    const approved = await h.request(employer, asking);
    await adminDecide(approved, { status: 'approved' });
    const late = await decide(asking, approved, 'withdraw');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Consent can be withdrawn only while the request is with our team.');
  });

  it("answers another candidate's request 404 and changes nothing", async () => {
    // the approved request of the first test is still open: the employer unmatches it first
    const [approved] = ZInterestAnswer.parse((await interest(open)).body).requests;
    await h.as(employer, '/api/employer')(`/unmatch/${approved!.id}`, { method: 'DELETE' });
    expect(ZInterestAnswer.parse((await interest(open)).body).requests[0]!.status_label).toBe('Closed');
    const id = await h.request(employer, open);
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
