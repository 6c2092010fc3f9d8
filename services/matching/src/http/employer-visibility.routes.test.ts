import { ZEmployerRequestsAnswer, ZInterestAnswer, ZSearchAnswer } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type Candidate,
  type Company,
  type MatchingHarness,
  matchingHarness,
} from '../testing/harness';

const globexCompany: Company = {
  companyName: 'Globex Ltd',
  industry: 'Technology',
  companySize: '201-500',
  website: 'https://careers.globex.example/jobs',
};
const initechCompany: Company = { ...globexCompany, companyName: 'Initech', website: 'initech.example' };

const skill = 'Zymurgy';

/** Pause and the company block list, tested as each employer would meet them: through every employer route. */
describe("the candidate's visibility: pause and company block list", () => {
  let h: MatchingHarness;
  let globex: Account;
  let initech: Account;
  let admin: Account;
  let byName: Candidate;
  let byDomain: Candidate;
  let employee: Candidate;
  let pausing: Candidate;
  let open: Candidate;

  const as = (employer: Account) => h.as(employer, '/api/employer');
  const searchAs = async (employer: Account, query = `skills=${skill}`) =>
    ZSearchAnswer.parse((await as(employer)(`/search?${query}`)).body);
  const idsFoundBy = async (employer: Account) =>
    new Set((await searchAs(employer)).candidates.map((candidate) => candidate.id));
  beforeAll(async () => {
    h = await matchingHarness();
    admin = await h.admin();
    globex = await h.employer({ company: globexCompany });
    initech = await h.employer({ company: initechCompany });
    const seed = (extra: Parameters<MatchingHarness['candidate']>[0] = {}) =>
      h.candidate({ skills: [{ name: skill }], ...extra });
    byName = await seed();
    byDomain = await seed();
    // profile blocks a current employer by default
    employee = await seed({
      experiences: [
        {
          companyName: 'GLOBEX',
          position: 'Analyst',
          startDate: '2020-01-01',
          isCurrent: true,
          experienceType: 'professional',
        },
      ],
    });
    pausing = await seed();
    open = await seed();
    // a request Globex made before it was blocked
    expect(await idsFoundBy(globex)).toContain(byName.candidateId);
    await h.request(globex, byName);
    h.setSettings(byName, { blockedCompanies: [{ name: 'globex, inc.' }] });
    h.setSettings(byDomain, { blockedCompanies: [{ name: 'Big G', website: 'www.globex.example' }] });
  });

  it('a blocked company never finds the candidate in search or its counts; other companies still do', async () => {
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
    const approve = await h.as(admin)(`/internal/requests/${earlier.id}`, {
      method: 'PUT',
      body: { status: 'approved' },
    });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(
      'The candidate has blocked this company since the request was made: it cannot be approved.',
    );
    // the candidate still sees it on their Interest page, and can withdraw it
    const mine = ZInterestAnswer.parse((await h.as(byName)('/api/job-seeker/interest')).body).requests;
    expect(mine.map((request) => request.company_name)).toEqual(['Globex Ltd']);
  });

  // profile's own view of the switch, with its default, is in flows.int.test.ts
  it('the switch on a current employer lets that employer find the candidate again', async () => {
    h.setSettings(employee, { allowedCurrentEmployers: ['GLOBEX'] });
    expect(await idsFoundBy(globex)).toContain(employee.candidateId);
    expect((await as(globex)(`/candidate/${employee.candidateId}`)).status).toBe(200);
  });

  it('a paused candidate leaves search and detail for everyone at once; their requests stay theirs', async () => {
    const requestId = await h.request(initech, pausing);
    h.setSettings(pausing, { paused: true });
    for (const employer of [globex, initech]) {
      expect(await idsFoundBy(employer)).not.toContain(pausing.candidateId);
      expect((await as(employer)(`/candidate/${pausing.candidateId}`)).status).toBe(404);
      const request = await as(employer)('/request-candidate', {
        method: 'POST',
        body: { jobSeekerId: pausing.candidateId },
      });
      expect(request.status).toBe(404);
    }
    const mine = ZInterestAnswer.parse((await h.as(pausing)('/api/job-seeker/interest')).body).requests;
    expect(mine).toMatchObject([{ id: requestId, company_name: 'Initech', status_label: 'With our team' }]);

    h.setSettings(pausing, { paused: false });
    expect(await idsFoundBy(initech)).toContain(pausing.candidateId);
  });
});
