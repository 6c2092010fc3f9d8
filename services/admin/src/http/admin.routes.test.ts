import { employerStatusLabel, ZAdminCandidateAnswer, ZAdminUsersAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type AdminHarness, adminHarness, type Candidate } from '../testing/harness';

describe('the admin area API, with the owners faked', () => {
  let harness: AdminHarness;
  let area: ReturnType<AdminHarness['areaOf']>;
  let admin: Account;
  let employer: Account;
  let candidates: Candidate[];
  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) => area.api(path, init);
  const stats = () => area.stats();
  const queue = (query: string) => area.queue(query);
  const logs = () => area.logs();
  const requestMatch = async (candidate: Candidate, message = 'Interested') =>
    harness.request(employer, candidate, { message });

  beforeAll(async () => {
    harness = await adminHarness();
    admin = await harness.admin();
    area = harness.areaOf(admin);
    employer = await harness.employer();
    candidates = [];
    for (let i = 0; i < 12; i++) {
      candidates.push(
        await harness.candidate({
          fullName: `Candidate Number${i}`,
          location: `City ${i}`,
          skills: ['Excel'],
          ...(i === 0
            ? {
                experience: true,
                education: true,
                preferences: {
                  workModes: ['remote'],
                  countries: ['IE'],
                  noticeWeeks: 4,
                  minimumSalary: { amount: 55000, currency: 'EUR' },
                },
              }
            : {}),
        }),
      );
    }
  });

  it('counts users and requests, correct after each change', async () => {
    const before = await stats();
    expect(before).toMatchObject({
      job_seekers: 12,
      employers: 1,
      pending_requests: 0,
      approved_requests: 0,
      connected_matches: 0,
    });
    await requestMatch(candidates[0]!);
    expect((await stats()).pending_requests).toBe(1);
  });

  it('pages the queue: none, exactly 10 and 11 items', async () => {
    expect(await queue('status=rejected')).toMatchObject({
      requests: [],
      pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount: 0 },
    });
    for (const candidate of candidates.slice(1, 10)) await requestMatch(candidate);
    const ten = await queue('status=pending');
    expect(ten.requests).toHaveLength(10);
    expect(ten.pagination).toMatchObject({ totalPages: 1, hasNext: false, totalCount: 10 });
    await requestMatch(candidates[10]!);
    const first = await queue('status=pending&page=1');
    const second = await queue('status=pending&page=2');
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
      totalCount: 11,
    });
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });
    expect(second.requests).toHaveLength(1);
    expect((await stats()).pending_requests).toBe(11);
  });

  it('hides the name until approval, writes the contact log from events, and shows the name once approved', async () => {
    const pending = (await queue('status=pending&limit=100')).requests.find(
      (r) => r.job_seeker_id === candidates[0]!.candidateId,
    )!;
    expect(pending).toMatchObject({
      status: 'pending',
      message: 'Interested',
      employer_info: { companyName: 'Acme Robotics', industry: 'Technology', email: employer.email },
      job_seeker_info: {
        uniqueCode: candidates[0]!.uniqueCode,
        location: 'City 0',
        fullName: null,
        email: candidates[0]!.email,
      },
    });

    const approved = await adminApi(`/requests/${pending.id}`, {
      method: 'PUT',
      body: {
        status: 'approved',
        adminNotes: 'Strong analyst profile.',
        contactNote: 'We will e-mail you both on Monday.',
      },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Request approved successfully!');
    expect(approved.body.request.job_seeker_info.fullName).toBe('Candidate Number0');

    const entry = (await logs()).find((log) => log.request_id === pending.id)!;
    expect(entry).toMatchObject({ action: 'approved_match', admin_email: admin.email });
    expect(entry.notes).toContain('were shared with Acme Robotics');
    expect(entry.notes).toContain('We will e-mail you both on Monday.');

    const approvedTab = await queue('status=approved');
    expect(approvedTab.requests[0]!.job_seeker_info.fullName).toBe('Candidate Number0');
    expect(await stats()).toMatchObject({ pending_requests: 10, approved_requests: 1 });

    // what the employer's view shows is matching's: the decision and its notes reached it
    const atMatching = harness.requestAt(pending.id);
    expect({ ...atMatching, status_label: employerStatusLabel(atMatching.status) }).toMatchObject({
      status_label: 'Matched',
      admin_notes: 'Strong analyst profile.',
      contact_note: 'We will e-mail you both on Monday.',
    });
  });

  it('logs a revert, a rejection, a connection and an unmatch, newest first', async () => {
    const [first, second, third] = (await queue('status=pending')).requests;
    const decide = (id: string, status: string) =>
      adminApi(`/requests/${id}`, { method: 'PUT', body: { status } });
    await decide(first!.id, 'approved');
    expect((await decide(first!.id, 'pending')).body.message).toBe('Request pending successfully!');
    expect((await decide(second!.id, 'rejected')).body.message).toBe('Request rejected successfully!');
    await decide(third!.id, 'approved');
    expect((await decide(third!.id, 'connected')).body.message).toBe('Request connected successfully!');
    expect((await stats()).connected_matches).toBe(1);
    const approvedOne = (await queue('status=approved')).requests[0]!;
    await harness.unmatch(employer, approvedOne.id);

    const all = await logs();
    expect(all.length).toBeGreaterThanOrEqual(7);
    const actions = all.map((log) => log.action);
    for (const action of [
      'approved_match',
      'reverted_to_pending',
      'rejected_match',
      'connected',
      'unmatched',
    ]) {
      expect(actions).toContain(action);
    }
    const dates = all.map((log) => log.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.find((log) => log.action === 'unmatched')?.admin_email).toBeNull();
  });

  it('adds a manual contact log entry', async () => {
    const request = (await queue('status=pending')).requests[0]!;
    const added = await adminApi('/contact-log', {
      body: { requestId: request.id, action: 'note', notes: 'Called the employer to confirm the role.' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      message: 'Contact log entry added successfully!',
      log: { action: 'note', admin_email: admin.email },
    });
    expect((await logs())[0]).toMatchObject({ notes: 'Called the employer to confirm the role.' });
    const missing = await adminApi('/contact-log', {
      body: { requestId: '6f1c3a5e-2b7d-4c1e-9a55-3f0b7a1e2c3d', action: 'note', notes: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('shows a candidate with personal details, a real completion and Available', async () => {
    const answer = await adminApi(`/candidate/${candidates[0]!.candidateId}`);
    const { candidate } = ZAdminCandidateAnswer.parse(answer.body);
    expect(candidate).toMatchObject({
      unique_code: candidates[0]!.uniqueCode,
      full_name: 'Candidate Number0',
      email: candidates[0]!.email,
      location: 'City 0',
      profile_completion: 80,
      availability: 'Available',
      // the private job preferences, as profile holds them: admins see them
      preferences: {
        workModes: ['remote'],
        countries: ['IE'],
        noticeWeeks: 4,
        minimumSalary: { amount: 55000, currency: 'EUR' },
      },
    });
    expect(
      (await adminApi(`/candidate/${candidates[1]!.candidateId}`)).body.candidate.profile_completion,
    ).toBe(40);
  });

  it('lists users by type, hides deleted ones unless asked, and changes status', async () => {
    const list = async (query: string) =>
      ZAdminUsersAnswer.parse((await adminApi(`/users?${query}`)).body).users;
    const everyone = await list('');
    expect(everyone).toHaveLength(14);
    const employers = await list('userType=employer');
    expect(employers).toHaveLength(1);
    expect(employers[0]!.profile).toMatchObject({
      company_name: 'Acme Robotics',
      industry: 'Technology',
      verified: true,
    });
    const seekers = await list('userType=job_seeker');
    expect(seekers.find((u) => u.id === candidates[5]!.id)?.profile).toMatchObject({
      full_name: 'Candidate Number5',
      unique_code: candidates[5]!.uniqueCode,
      location: 'City 5',
    });

    const target = candidates[11]!;
    const setStatus = (status: string) =>
      adminApi(`/users/${target.id}/status`, { method: 'PUT', body: { status } });
    const suspended = await setStatus('suspended');
    expect(suspended.body).toMatchObject({
      message: 'User suspended successfully',
      user: { status: 'suspended' },
    });
    const deleted = await setStatus('deleted');
    expect(deleted.body.message).toBe(
      'User marked as deleted successfully. Their data is kept and the account can be restored.',
    );
    expect((await list('')).some((u) => u.id === target.id)).toBe(false);
    expect((await list('includeDeleted=true')).find((u) => u.id === target.id)?.status).toBe('deleted');
    expect((await stats()).job_seekers).toBe(11);
    const restored = await setStatus('active');
    expect(restored.body).toMatchObject({
      message: 'User activated successfully',
      user: { status: 'active' },
    });
    expect((await adminApi(`/users/${target.id}`)).body.user.status).toBe('active');
  });

  it('never suspends or deletes an admin', async () => {
    for (const status of ['suspended', 'deleted']) {
      const answer = await adminApi(`/users/${admin.id}/status`, { method: 'PUT', body: { status } });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Admin accounts cannot be suspended or deleted for security reasons.');
    }
  });

  it('verifies and revokes employers, with the spec messages', async () => {
    const revoked = await adminApi(`/verify-employer/${employer.id}`, {
      method: 'PUT',
      body: { verified: false },
    });
    expect(revoked.body).toMatchObject({
      message: 'Employer verification revoked successfully',
      user: { profile: { verified: false } },
    });
    const verified = await adminApi(`/verify-employer/${employer.id}`, {
      method: 'PUT',
      body: { verified: true },
    });
    expect(verified.body.message).toBe('Employer verified successfully');
    const noCompany = await adminApi(`/verify-employer/${candidates[3]!.id}`, {
      method: 'PUT',
      body: { verified: true },
    });
    expect(noCompany.status).toBe(404);
  });
});
