import { type AccessReason, ZAdminAccessLogAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type AdminHarness, adminHarness, type Candidate } from '../testing/harness';

/** What one owner was asked to serve for one answer, in the test's own words. */
type Asked = { owner: 'profile' | 'auth'; whose: string[]; details: string[]; why: string };

/**
 * Every admin screen that shows a job seeker's name, e-mail or phone reads them from their
 * owner (profile: name and phone; auth: e-mail), saying why, and the owner records the read.
 * Here the owners are fakes that note each detail they serve with its reason: these tests read
 * those notes after each admin call. That the real owners record what they serve, and that no
 * record, event or log keeps a personal detail, is flows.int.test.ts's.
 */
describe('admins reading personal details say why, once per read', () => {
  let harness: AdminHarness;
  let admin: Account;
  let employer: Account;
  let ada: Candidate;
  let dev: Candidate;
  let bo: Account;
  let requestId: string;
  const names = new Map<string, string>();

  const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
    harness.as(admin)(path, init);
  const why = (reason: AccessReason) =>
    reason.purpose === 'match-request'
      ? `request ${reason.requestId === requestId ? 'R' : reason.requestId} of ${reason.employerId === employer.id ? 'Acme' : reason.employerId}`
      : 'user management';

  /** Runs one admin call and answers what it asked the owners for, one entry per owner's answer. */
  async function askedBy(action: () => Promise<{ status: number; text: string }>, status = 200) {
    const before = harness.reads.length;
    const answer = await action();
    expect(answer.status, answer.text).toBe(status);
    return harness.reads
      .slice(before)
      .map(
        (read): Asked => ({
          owner: read.owner,
          whose: read.jobSeekers.map((j) => names.get(j.userId) ?? j.userId).sort(),
          details: read.details,
          why: [...new Set(read.jobSeekers.map((j) => why(j.reason)))].join(', '),
        }),
      )
      .sort((a, b) => (a.owner === b.owner ? 0 : a.owner === 'profile' ? -1 : 1));
  }

  beforeAll(async () => {
    harness = await adminHarness();
    admin = await harness.admin();
    employer = await harness.employer();
    ada = await harness.candidate({
      fullName: 'Ada Recordkeeper',
      phone: '+44 20 7946 0958',
      location: 'Leeds, UK',
      skills: ['SQL'],
    });
    dev = await harness.candidate({ fullName: 'Dev Nophone', location: 'York, UK' });
    bo = await harness.jobSeeker();
    names.set(ada.id, 'Ada').set(dev.id, 'Dev').set(bo.id, 'Bo');
    requestId = harness.request(employer, ada);
  });

  it('asks for every name, e-mail or phone it shows: exactly one read per answer, with its reason', async () => {
    const forR = 'request R of Acme';

    // the queue: e-mails on every tab, the name only once approved
    expect(await askedBy(() => adminApi('/requests?status=pending'))).toEqual([
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(
      await askedBy(() =>
        adminApi(`/requests/${requestId}`, { method: 'PUT', body: { status: 'approved' } }),
      ),
    ).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await askedBy(() => adminApi('/requests?status=approved'))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await askedBy(() => adminApi('/requests?status=rejected'))).toEqual([]);

    // the candidate modal: opened from the request, or from user management
    expect(await askedBy(() => adminApi(`/candidate/${ada.candidateId}?requestId=${requestId}`))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name', 'phone'], why: forR },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: forR },
    ]);
    expect(await askedBy(() => adminApi(`/candidate/${dev.candidateId}`))).toEqual([
      { owner: 'profile', whose: ['Dev'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Dev'], details: ['email'], why: 'user management' },
    ]);
    // a request of another candidate is no reason to read Dev's details
    expect(
      await askedBy(() => adminApi(`/candidate/${dev.candidateId}?requestId=${requestId}`), 404),
    ).toEqual([]);

    // user management: the list (one read of everyone shown), one user, status changes
    expect(await askedBy(() => adminApi('/users?userType=job_seeker'))).toEqual([
      { owner: 'profile', whose: ['Ada', 'Dev'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Ada', 'Bo', 'Dev'], details: ['email'], why: 'user management' },
    ]);
    expect(await askedBy(() => adminApi('/users?userType=employer'))).toEqual([]);
    expect(await askedBy(() => adminApi(`/users/${ada.id}`))).toEqual([
      { owner: 'profile', whose: ['Ada'], details: ['name'], why: 'user management' },
      { owner: 'auth', whose: ['Ada'], details: ['email'], why: 'user management' },
    ]);
    expect(await askedBy(() => adminApi(`/users/${employer.id}`))).toEqual([]);
    expect(
      await askedBy(() =>
        adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'suspended' } }),
      ),
    ).toEqual([{ owner: 'auth', whose: ['Bo'], details: ['email'], why: 'user management' }]);
    expect(
      await askedBy(() => adminApi(`/users/${bo.id}/status`, { method: 'PUT', body: { status: 'active' } })),
    ).toEqual([{ owner: 'auth', whose: ['Bo'], details: ['email'], why: 'user management' }]);

    // screens without a job seeker's details read none
    expect(await askedBy(() => adminApi('/stats'))).toEqual([]);
    expect(await askedBy(() => adminApi('/contact-logs'))).toEqual([]);
    expect(await askedBy(() => adminApi('/access-log'))).toEqual([]);
  });

  it("lists every owner's read for admins: who, whose (by code), when, which details and why", async () => {
    const expected = harness.reads.length;
    const page = ZAdminAccessLogAnswer.parse((await adminApi('/access-log?limit=100')).body);
    expect(page.pagination.totalCount).toBe(expected);
    expect(page.entries).toHaveLength(expected);
    const times = page.entries.map((entry) => entry.read_at);
    expect(times).toEqual([...times].sort().reverse());
    const forR = page.entries.filter((entry) => entry.job_seekers[0]?.request_id === requestId);
    expect(forR.filter((entry) => entry.details.includes('phone'))).toEqual([
      expect.objectContaining({
        admin_user_id: admin.id,
        admin_email: admin.email,
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
    expect((await harness.call('/api/admin/access-log', { token: ada.token })).status).toBe(403);
  });
});
