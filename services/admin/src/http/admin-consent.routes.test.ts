import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type AdminHarness, adminHarness, type Candidate } from '../testing/harness';

/** The admin's side of consent before contact: its own tab, no early approval, the candidate's decisions on record. */
describe("the admin and the candidate's consent", () => {
  let harness: AdminHarness;
  let area: ReturnType<AdminHarness['areaOf']>;
  let employer: Account;
  let candidates: Candidate[];
  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) => area.api(path, init);
  const queue = async (status: string) => (await area.queue(`status=${status}`)).requests;
  // where a request starts (waiting for the candidate when they ask to be asked first) is matching's
  const requestStartingAs = (candidate: Candidate, status: 'pending' | 'awaiting_candidate') =>
    harness.request(employer, candidate, { status });

  beforeAll(async () => {
    harness = await adminHarness();
    area = harness.areaOf(await harness.admin());
    employer = await harness.employer();
    candidates = [];
    for (let i = 0; i < 3; i++)
      candidates.push(await harness.candidate({ fullName: `Consenting Person${i}` }));
  });

  it('shows a waiting request in its own tab only, with the name hidden, and refuses to approve it yet', async () => {
    const id = requestStartingAs(candidates[0]!, 'awaiting_candidate');
    const waiting = await queue('awaiting_candidate');
    expect(waiting.map((request) => request.id)).toEqual([id]);
    expect(waiting[0]).toMatchObject({
      status: 'awaiting_candidate',
      employer_info: { companyName: 'Acme Robotics' },
      job_seeker_info: { uniqueCode: candidates[0]!.uniqueCode, fullName: null },
    });
    expect((await queue('pending')).map((request) => request.id)).not.toContain(id);
    expect((await area.stats()).pending_requests).toBe(0);

    // the owner's refusal comes back with its own words
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
    const [first, second, third] = candidates as [Candidate, Candidate, Candidate];
    // the candidate's decisions are matching's (its interest routes): here matching makes the move
    const accepted = (await queue('awaiting_candidate'))[0]!.id;
    await expect(harness.candidateDecides(first, accepted, 'accept')).resolves.toMatchObject({
      status: 'pending',
    });
    expect((await queue('pending')).map((request) => request.id)).toContain(accepted);
    expect(
      (await adminApi(`/requests/${accepted}`, { method: 'PUT', body: { status: 'approved' } })).status,
    ).toBe(200);

    const declined = requestStartingAs(second, 'awaiting_candidate');
    await expect(harness.candidateDecides(second, declined, 'decline')).resolves.toMatchObject({
      status: 'declined',
    });

    const withdrawn = requestStartingAs(third, 'pending');
    await expect(harness.candidateDecides(third, withdrawn, 'withdraw')).resolves.toMatchObject({
      status: 'withdrawn',
    });

    const entries = await area.logs();
    const about = (id: string) => entries.filter((entry) => entry.request_id === id);
    expect(about(withdrawn).map((entry) => entry.action)).toContain('consent_withdrawn');
    expect(about(declined).map((entry) => entry.action)).toContain('candidate_declined');
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
