import { randomUUID } from 'node:crypto';
import {
  erasedCandidateLabel,
  erasedCompanyLabel,
  matchRequestTextsPath,
  myDataPath,
  ZEmployerRequestsAnswer,
  ZInterestAnswer,
  ZInternalRequestAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { canaries } from '../testing/canaries';
import { type Account, type Candidate, type MatchingHarness, matchingHarness } from '../testing/harness';

/**
 * The free text of the requests' events for their readers, and what each party's screens show
 * once the other was erased. The erasure as the other services start it, and the database
 * scanned for what is left, are in flows.int.test.ts.
 */
describe("the requests' texts and matching's part of an erasure", () => {
  let h: MatchingHarness;
  let admin: Account;
  let service: Account;
  let employer: Account;
  let leavingEmployer: Account;
  let leavingCandidate: Candidate;
  let stayingCandidate: Candidate;
  let waitingCandidate: Candidate;
  let candidateRequest: string;
  let employerRequest: string;
  let pendingForLeavingCandidate: string;
  let pendingOfLeavingEmployer: string;

  /** A request with a message, approved with the team's notes. */
  const approvedRequest = async (from: Account, to: Candidate, words: ReturnType<typeof canaries>) => {
    const id = await h.request(from, to, words.message);
    const approved = await h.as(admin)(`/internal/requests/${id}`, {
      method: 'PUT',
      body: { status: 'approved', adminNotes: words.adminNotes, contactNote: words.contactNote },
    });
    expect(approved.status).toBe(200);
    return id;
  };
  const stored = (id: string) => h.requests.load(id);
  const everything = () => JSON.stringify(h.requests.all());
  const internal = async (id: string) =>
    ZInternalRequestAnswer.parse((await h.as(admin)(`/internal/requests/${id}`)).body).request;
  const textsOf = (id: string, eventId: string, token = service.token) =>
    h.as({ token })(`${matchRequestTextsPath}/${id}/events/${eventId}`);

  beforeAll(async () => {
    h = await matchingHarness();
    admin = await h.admin();
    service = await h.service();
    employer = await h.employer();
    leavingEmployer = await h.employer({
      company: {
        companyName: 'Quillbert Holdings',
        industry: 'Technology',
        companySize: '1-10',
        website: 'quillbert.example.org',
      },
    });
    leavingCandidate = await h.candidate({ skills: [{ name: 'Erasing' }] });
    stayingCandidate = await h.candidate({ skills: [{ name: 'Staying' }] });
    waitingCandidate = await h.candidate({ skills: [{ name: 'Waiting' }] });
    candidateRequest = await approvedRequest(employer, leavingCandidate, canaries('candidate'));
    employerRequest = await approvedRequest(leavingEmployer, stayingCandidate, canaries('employer'));
    pendingForLeavingCandidate = await h.request(leavingEmployer, leavingCandidate);
    pendingOfLeavingEmployer = await h.request(leavingEmployer, waitingCandidate);
  });

  it("tells an event's readers its words, with a service token only", async () => {
    const [decision] = (await stored(employerRequest))?.notesByEvent ?? [];
    expect(decision?.eventId).toBeDefined();
    const words = canaries('employer');
    const answer = await textsOf(employerRequest, decision!.eventId);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      message: words.message,
      adminNotes: words.adminNotes,
      contactNote: words.contactNote,
      position: null,
    });
    // another event of the request (its creation): the message, and no decision's notes
    expect((await textsOf(employerRequest, randomUUID())).body).toEqual({
      message: words.message,
      adminNotes: null,
      contactNote: null,
      position: null,
    });
    expect((await textsOf(employerRequest, decision!.eventId, admin.token)).status).toBe(403);
    expect((await textsOf(employerRequest, decision!.eventId, employer.token)).status).toBe(403);
    expect((await textsOf(randomUUID(), decision!.eventId)).status).toBe(404);
    expect((await textsOf(employerRequest, 'not-an-id')).status).toBe(400);
  });

  it("shows the employer 'a deleted candidate' once the job seeker is erased, and closes the request still with the team", async () => {
    const [decision] = (await stored(candidateRequest))?.notesByEvent ?? [];
    h.candidateErased(leavingCandidate);
    await h.erase(leavingCandidate, 'job_seeker');

    expect(everything()).not.toContain('Quillbert candidate');
    expect((await textsOf(candidateRequest, decision!.eventId)).body).toEqual({
      message: null,
      adminNotes: null,
      contactNote: null,
      position: null,
    });
    const employerApi = h.as(employer, '/api/employer');
    const mine = ZEmployerRequestsAnswer.parse((await employerApi('/requests')).body).requests.find(
      (entry) => entry.id === candidateRequest,
    );
    expect(mine).toMatchObject({ candidate_code: erasedCandidateLabel, message: null, admin_notes: null });
    expect((await employerApi(`/candidate/${leavingCandidate.candidateId}`)).status).toBe(404);
    expect(await internal(candidateRequest)).toMatchObject({
      candidate_erased: true,
      employer_erased: false,
    });
    const download = await h.as(employer)(myDataPath);
    expect(download.status).toBe(200);
    expect(JSON.stringify(download.body)).toContain(erasedCandidateLabel);
    expect((await stored(employerRequest))?.message).toBe(canaries('employer').message);

    expect(await stored(pendingForLeavingCandidate)).toMatchObject({
      status: 'closed',
      candidateErased: true,
    });
    const theirs = ZEmployerRequestsAnswer.parse(
      (await h.as(leavingEmployer, '/api/employer')('/requests')).body,
    ).requests.find((entry) => entry.id === pendingForLeavingCandidate);
    expect(theirs).toMatchObject({ status: 'rejected', status_label: 'Not Approved', admin_notes: null });

    // asked again: it writes nothing
    const before = h.requests.published().length;
    const version = (await stored(candidateRequest))?.version;
    await h.erase(leavingCandidate, 'job_seeker');
    expect((await stored(candidateRequest))?.version).toBe(version);
    expect(h.requests.published()).toHaveLength(before);

    // moved back to the team, it cannot be approved again: nobody is left to introduce
    const decide = (status: string) =>
      h.as(admin)(`/internal/requests/${candidateRequest}`, { method: 'PUT', body: { status } });
    expect((await decide('pending')).status).toBe(200);
    const again = await decide('approved');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "One party's account was erased: this request can no longer be approved, only rejected.",
    );
  });

  it("shows the candidate 'a deleted company' once the employer is erased", async () => {
    h.employerErased(leavingEmployer);
    await h.erase(leavingEmployer, 'employer');

    expect(everything()).not.toContain('Quillbert');
    const interest = ZInterestAnswer.parse(
      (await h.as(stayingCandidate)('/api/job-seeker/interest')).body,
    ).requests.find((entry) => entry.id === employerRequest);
    expect(interest).toMatchObject({ company_name: erasedCompanyLabel, industry: null, message: null });
    expect(await internal(employerRequest)).toMatchObject({ employer_erased: true });
    const waiting = ZInterestAnswer.parse(
      (await h.as(waitingCandidate)('/api/job-seeker/interest')).body,
    ).requests.find((entry) => entry.id === pendingOfLeavingEmployer);
    expect(waiting).toMatchObject({
      company_name: erasedCompanyLabel,
      status: 'closed',
      status_label: 'Closed',
      decisions: [],
    });
    const download = await h.as(stayingCandidate)(myDataPath);
    expect(download.status).toBe(200);
    expect(JSON.stringify(download.body)).toContain(erasedCompanyLabel);
  });
});
