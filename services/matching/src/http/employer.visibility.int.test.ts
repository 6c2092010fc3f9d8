import { ZEmployerRequestsAnswer, ZInterestAnswer, ZSearchAnswer } from '@meritmatch/contracts';
import {
  adminAccount,
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  setCandidateSettings,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const globexCompany = {
  companyName: 'Globex Ltd',
  industry: 'Technology',
  companySize: '201-500',
  website: 'https://careers.globex.example/jobs',
  description: 'Everything, globally.',
};
const initechCompany = { ...globexCompany, companyName: 'Initech', website: 'initech.example' };

const skill = 'Zymurgy';

/** Pause and the company block list, tested as each employer would meet them: through every employer route. */
describe("the candidate's visibility: pause and company block list", () => {
  let stack: Stack;
  let globex: TestAccount;
  let initech: TestAccount;
  let adminToken: string;
  let byName: SeededCandidate;
  let byDomain: SeededCandidate;
  let employee: SeededCandidate;
  let pausing: SeededCandidate;
  let open: SeededCandidate;

  const as =
    (employer: TestAccount) =>
    (path: string, init: { method?: string; body?: unknown } = {}) =>
      call(`${stack.api}/employer${path}`, { ...init, token: employer.token });
  const searchAs = async (employer: TestAccount, query = `skills=${skill}`) =>
    ZSearchAnswer.parse((await as(employer)(`/search?${query}`)).body);
  const idsFoundBy = async (employer: TestAccount) =>
    new Set((await searchAs(employer)).candidates.map((candidate) => candidate.id));
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'gateway'],
    });
    adminToken = (await adminAccount(stack)).token;
    globex = await seedEmployer(stack, { company: globexCompany });
    initech = await seedEmployer(stack, { company: initechCompany });
    const seed = (extra: Record<string, unknown> = {}) =>
      seedCandidate(stack, { skills: [{ name: skill }], ...extra });
    [byName, byDomain, employee, pausing, open] = await Promise.all([
      seed(),
      seed(),
      seed({
        experiences: [
          {
            companyName: 'GLOBEX',
            position: 'Analyst',
            startDate: '2020-01-01',
            isCurrent: true,
            experienceType: 'professional',
          },
        ],
      }),
      seed(),
      seed(),
    ]);
    // a request Globex made before it was blocked
    await eventually(async () => (await idsFoundBy(globex)).has(byName.candidateId), { what: 'searchable' });
    await seedMatchRequest(stack, globex, byName.candidateId);
    await setCandidateSettings(stack, byName, { blockedCompanies: [{ name: 'globex, inc.' }] });
    await setCandidateSettings(stack, byDomain, {
      blockedCompanies: [{ name: 'Big G', website: 'www.globex.example' }],
    });
  });
  afterAll(() => stack?.close());

  it('a blocked company never finds the candidate in search or its counts; other companies still do', async () => {
    await eventually(async () => (await idsFoundBy(globex)).size === 2, { what: 'Globex sees two' });
    const seenByGlobex = await searchAs(globex);
    expect(new Set(seenByGlobex.candidates.map((candidate) => candidate.id))).toEqual(
      new Set([pausing.candidateId, open.candidateId]),
    );
    expect(seenByGlobex.pagination.totalCount).toBe(2);
    // no filter, a page of one: the hidden ones are not counted anywhere
    const everyone = await searchAs(globex, 'limit=1');
    const onePage = await searchAs(globex, `skills=${skill}&limit=1&page=2`);
    expect(onePage.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: false });
    for (const hidden of [byName, byDomain, employee])
      expect(JSON.stringify(everyone)).not.toContain(hidden.candidateId);

    expect(await idsFoundBy(initech)).toEqual(
      new Set([
        byName.candidateId,
        byDomain.candidateId,
        employee.candidateId,
        pausing.candidateId,
        open.candidateId,
      ]),
    );
  });

  it('answers the blocked company 404 for the detail and a new request, as if the candidate were not there', async () => {
    const employer = as(globex);
    const missing = await employer('/candidate/00000000-0000-4000-8000-000000000000');
    for (const hidden of [byName, byDomain, employee]) {
      const detail = await employer(`/candidate/${hidden.candidateId}`);
      expect(detail.status).toBe(404);
      expect(detail.body).toEqual(missing.body);
      const request = await employer('/request-candidate', {
        method: 'POST',
        body: { jobSeekerId: hidden.candidateId, message: 'Hello' },
      });
      expect(request.status).toBe(404);
      expect(request.body).toMatchObject({ code: 'NOT_FOUND', message: 'Candidate not found' });
      // Initech is not blocked
      expect((await as(initech)(`/candidate/${hidden.candidateId}`)).status).toBe(200);
    }
  });

  it("shows the blocked company's earlier request as of a candidate no longer listed, and the admin cannot approve it", async () => {
    const { requests } = ZEmployerRequestsAnswer.parse((await as(globex)('/requests')).body);
    const earlier = requests.find((request) => request.candidate_id === byName.candidateId)!;
    expect(earlier).toMatchObject({ status: 'pending', candidate_location: 'No longer listed' });
    const approve = await call(`${stack.url('matching')}/internal/requests/${earlier.id}`, {
      method: 'PUT',
      token: adminToken,
      body: { status: 'approved' },
    });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(
      'The candidate has blocked this company since the request was made: it cannot be approved.',
    );
    // the candidate still sees it on their Interest page, and can withdraw it
    const mine = ZInterestAnswer.parse(
      (await call(`${stack.api}/job-seeker/interest`, { token: byName.token })).body,
    ).requests;
    expect(mine.map((request) => request.company_name)).toEqual(['Globex Ltd']);
  });

  it('the switch on a current employer lets that employer find the candidate again', async () => {
    const profile = (await call(`${stack.api}/job-seeker/profile`, { token: employee.token })).body.profile;
    expect(profile.settings.current_employers).toEqual([{ company_name: 'GLOBEX', blocked: true }]);
    await setCandidateSettings(stack, employee, { allowedCurrentEmployers: ['GLOBEX'] });
    await eventually(async () => (await idsFoundBy(globex)).has(employee.candidateId), {
      what: 'the current employer finds the candidate again',
    });
    expect((await as(globex)(`/candidate/${employee.candidateId}`)).status).toBe(200);
  });

  it('a paused candidate leaves search and detail for everyone at once; their requests stay theirs', async () => {
    const requestId = await seedMatchRequest(stack, initech, pausing.candidateId);
    await setCandidateSettings(stack, pausing, { paused: true });
    await eventually(async () => !(await idsFoundBy(initech)).has(pausing.candidateId), { what: 'paused' });
    for (const employer of [globex, initech]) {
      expect(await idsFoundBy(employer)).not.toContain(pausing.candidateId);
      expect((await as(employer)(`/candidate/${pausing.candidateId}`)).status).toBe(404);
      const request = await as(employer)('/request-candidate', {
        method: 'POST',
        body: { jobSeekerId: pausing.candidateId },
      });
      expect(request.status).toBe(404);
    }
    const mine = ZInterestAnswer.parse(
      (await call(`${stack.api}/job-seeker/interest`, { token: pausing.token })).body,
    ).requests;
    expect(mine).toMatchObject([{ id: requestId, company_name: 'Initech', status_label: 'With our team' }]);

    await setCandidateSettings(stack, pausing, { paused: false });
    await eventually(async () => (await idsFoundBy(initech)).has(pausing.candidateId), {
      what: 'back in search',
    });
  });
});
