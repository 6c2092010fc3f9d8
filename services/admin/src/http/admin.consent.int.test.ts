import { ZAdminRequestsAnswer, ZContactLogsAnswer, ZStatsAnswer } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedRequestStartingAs,
  setCandidateSettings,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The admin's side of consent before contact: its own tab, no early approval, the candidate's decisions on record. */
describe("the admin and the candidate's consent", () => {
  let stack: Stack;
  let admin: TestAccount;
  let employer: TestAccount;
  let candidates: SeededCandidate[];
  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    call(`${stack.api}/admin${path}`, { ...init, token: admin.token });
  const queue = async (status: string) =>
    ZAdminRequestsAnswer.parse((await adminApi(`/requests?status=${status}`)).body).requests;
  const logs = async () => ZContactLogsAnswer.parse((await adminApi('/contact-logs')).body).logs;
  const candidateDecides = (candidate: SeededCandidate, id: string, decision: string) =>
    call(`${stack.api}/job-seeker/interest/${id}`, {
      method: 'PUT',
      token: candidate.token,
      body: { decision },
    });
  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra') });
    admin = await adminAccount(stack);
    employer = await seedEmployer(stack);
    candidates = [];
    for (let i = 0; i < 3; i++) {
      const candidate = await seedCandidate(stack, { fullName: `Consenting Person${i}` });
      await setCandidateSettings(stack, candidate, { askBeforeSharing: true });
      candidates.push(candidate);
    }
  });
  afterAll(() => stack?.close());

  it('shows a waiting request in its own tab only, with the name hidden, and refuses to approve it yet', async () => {
    const id = await seedRequestStartingAs(stack, employer, candidates[0]!, 'awaiting_candidate');
    const waiting = await queue('awaiting_candidate');
    expect(waiting.map((request) => request.id)).toEqual([id]);
    expect(waiting[0]).toMatchObject({
      status: 'awaiting_candidate',
      employer_info: { companyName: 'Acme Robotics' },
      job_seeker_info: { uniqueCode: candidates[0]!.uniqueCode, fullName: null },
    });
    expect((await queue('pending')).map((request) => request.id)).not.toContain(id);
    expect(ZStatsAnswer.parse((await adminApi('/stats')).body).stats.pending_requests).toBe(0);

    const early = await adminApi(`/requests/${id}`, { method: 'PUT', body: { status: 'approved' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      "This request is waiting for the candidate's consent. It can be decided once the candidate accepts it.",
    );
    const wrong = await adminApi(`/requests/${id}`, {
      method: 'PUT',
      body: { status: 'awaiting_candidate' },
    });
    expect(wrong.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Status must be pending, approved, rejected or connected',
    });
  });

  it("records the candidate's accept, decline and withdrawn consent in the contact log, from the events", async () => {
    const [first, second, third] = candidates as [SeededCandidate, SeededCandidate, SeededCandidate];
    const accepted = (await queue('awaiting_candidate'))[0]!.id;
    expect((await candidateDecides(first, accepted, 'accept')).status).toBe(200);
    expect((await queue('pending')).map((request) => request.id)).toContain(accepted);
    expect(
      (await adminApi(`/requests/${accepted}`, { method: 'PUT', body: { status: 'approved' } })).status,
    ).toBe(200);

    const declined = await seedRequestStartingAs(stack, employer, second, 'awaiting_candidate');
    expect((await candidateDecides(second, declined, 'decline')).status).toBe(200);

    await setCandidateSettings(stack, third, { askBeforeSharing: false });
    const withdrawn = await seedRequestStartingAs(stack, employer, third, 'pending');
    expect((await candidateDecides(third, withdrawn, 'withdraw')).status).toBe(200);

    const entries = await eventually(
      async () => {
        const all = await logs();
        const of = (id: string) =>
          all.filter((entry) => entry.request_id === id).map((entry) => entry.action);
        return of(withdrawn).includes('consent_withdrawn') && of(declined).includes('candidate_declined')
          ? all
          : undefined;
      },
      { what: "the candidate's decisions in the contact log" },
    );
    const about = (id: string) => entries.filter((entry) => entry.request_id === id);
    expect(about(accepted).map((entry) => entry.action)).toEqual(['approved_match', 'candidate_accepted']);
    expect(about(accepted)[1]).toMatchObject({
      admin_email: null,
      notes: `Candidate ${first.uniqueCode} accepted the request of Acme Robotics: it is now in the pending queue for review.`,
    });
    expect(about(declined)[0]!.notes).toBe(
      `Candidate ${second.uniqueCode} declined the request of Acme Robotics. The employer sees it as Not Approved, with no reason.`,
    );
    expect(about(withdrawn)[0]!.notes).toBe(
      `Candidate ${third.uniqueCode} withdrew consent for the request of Acme Robotics: their contact details will not be shared.`,
    );
    const text = JSON.stringify(entries);
    for (const candidate of candidates) {
      expect(text).not.toContain(candidate.email);
      expect(text).not.toContain('Consenting');
    }
  });

  it("keeps the candidate's actions out of the manual entries", async () => {
    const id = (await queue('approved'))[0]!.id;
    const answer = await adminApi('/contact-log', {
      method: 'POST',
      body: { requestId: id, action: 'candidate_accepted', notes: 'Pretending' },
    });
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown contact log action' });
  });
});
