import {
  myDataPath,
  rankingVersion,
  searchLogUnavailableMessage,
  ZCandidateDetailAnswer,
  ZInternalSearchLogPage,
  ZJobSeekerMatchingMyData,
  ZSearchAnswer,
  ZSearchAppearancesAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekStartOf } from '../domain/search-log';
import { type Account, type Candidate, type MatchingHarness, matchingHarness } from '../testing/harness';

/**
 * The search log (invariant 11, docs/decisions/0025-search-log.md): every answer that shows an
 * employer candidates is logged before it leaves, or not shown at all; admins read the log; a job
 * seeker sees only their own weekly counts; an erased candidate leaves it.
 */
describe('the search log', () => {
  let h: MatchingHarness;
  let employer: Account;
  let otherEmployer: Account;
  let admin: Account;
  let ada: Candidate;
  let ben: Candidate;
  let cleo: Candidate;
  const employerApi = (who: Account) => h.as(who, '/api/employer');
  const day = (offset = 0) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const logged = () => h.searchLog();
  const last = () => logged().at(-1)!;
  const adminLog = (query = '', who: Account = admin) => h.as(who)(`/internal/search-log${query}`);

  beforeAll(async () => {
    h = await matchingHarness();
    employer = await h.employer();
    otherEmployer = await h.employer({
      company: { companyName: 'Brightpath', industry: 'Technology', companySize: '11-50', website: null },
    });
    admin = await h.admin();
    ada = await h.candidate({
      location: 'Berlin, Germany',
      skills: [
        { name: 'Kotlin', proficiencyLevel: 'expert' },
        { name: 'Gardening', proficiencyLevel: 'beginner' },
      ],
    });
    ben = await h.candidate({
      location: 'Lisbon, Portugal',
      skills: [{ name: 'Kotlin', proficiencyLevel: 'beginner' }],
    });
    cleo = await h.candidate({ location: 'Oslo, Norway', skills: [{ name: 'Haskell' }] });
  });

  it('logs a ranked search before it answers: the filters as read, the ranking version, the codes and scores shown in order', async () => {
    const answer = await employerApi(employer)('/search?skills=kotlin&preferred=Gardening&location=&limit=5');
    expect(answer.status, answer.text).toBe(200);
    const cards = ZSearchAnswer.parse(answer.body).candidates;
    expect(cards.map((card) => card.unique_code)).toEqual([ada.uniqueCode, ben.uniqueCode]);

    const entry = last();
    expect(entry).toMatchObject({
      kind: 'search',
      employerId: employer.id,
      rankingVersion,
      filters: {
        skills: ['kotlin'],
        preferred: ['Gardening'],
        location: null,
        experience: 'all',
        education: 'all',
        page: 1,
        limit: 5,
      },
    });
    expect(entry.results).toEqual(
      cards.map((card) => ({ candidateId: card.id, uniqueCode: card.unique_code, score: card.fit!.score })),
    );
  });

  it('logs a search that named no skill with no ranking version and no scores, and an empty page too', async () => {
    const before = logged().length;
    const cards = ZSearchAnswer.parse((await employerApi(employer)('/search?location=Oslo')).body).candidates;
    expect(cards.map((card) => card.unique_code)).toEqual([cleo.uniqueCode]);
    expect(last()).toMatchObject({
      rankingVersion: null,
      results: [{ candidateId: cleo.candidateId, uniqueCode: cleo.uniqueCode, score: null }],
    });
    expect((await employerApi(employer)('/search?skills=Fortran')).status).toBe(200);
    expect(last()).toMatchObject({ rankingVersion, results: [] });
    expect(logged()).toHaveLength(before + 2);
  });

  it('logs an opened detail that answered, and nothing for one that did not', async () => {
    const answer = await employerApi(otherEmployer)(`/candidate/${ben.candidateId}`);
    expect(answer.status).toBe(200);
    expect(ZCandidateDetailAnswer.parse(answer.body).candidate.unique_code).toBe(ben.uniqueCode);
    expect(last()).toMatchObject({
      kind: 'opened',
      employerId: otherEmployer.id,
      filters: null,
      rankingVersion: null,
      results: [{ candidateId: ben.candidateId, uniqueCode: ben.uniqueCode, score: null }],
    });
    const before = logged().length;
    expect((await employerApi(otherEmployer)('/candidate/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect(logged()).toHaveLength(before);
  });

  it('shows nothing it could not log: a 503 in the one error shape, with no candidate in it', async () => {
    h.setSearchLogDown(true);
    try {
      for (const path of ['/search?skills=kotlin', '/search', `/candidate/${ada.candidateId}`]) {
        const answer = await employerApi(employer)(path);
        expect(answer.status, path).toBe(503);
        expect(answer.body).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: searchLogUnavailableMessage,
        });
        expect(answer.text).not.toContain(ada.uniqueCode);
      }
    } finally {
      h.setSearchLogDown(false);
    }
    expect((await employerApi(employer)('/search?skills=kotlin')).status).toBe(200);
  });

  it('lets admins page through it newest first, by employer, candidate code and days', async () => {
    const all = ZInternalSearchLogPage.parse((await adminLog('?limit=100')).body);
    expect(all.entries.map((entry) => entry.id)).toEqual(
      logged()
        .reverse()
        .map((entry) => entry.id),
    );
    const opened = ZInternalSearchLogPage.parse((await adminLog(`?employer=${otherEmployer.id}`)).body);
    expect(opened.entries).toEqual([
      {
        id: expect.any(String),
        kind: 'opened',
        at: expect.any(String),
        employer_id: otherEmployer.id,
        employer_erased: false,
        filters: null,
        ranking_version: null,
        results: [{ candidate_id: ben.candidateId, unique_code: ben.uniqueCode, score: null }],
      },
    ]);
    const withCleo = ZInternalSearchLogPage.parse(
      (await adminLog(`?code=${cleo.uniqueCode.toLowerCase()}&from=${day()}&to=${day()}`)).body,
    );
    expect(withCleo.entries).toHaveLength(1);
    expect(withCleo.entries[0]?.filters?.location).toBe('Oslo');
    expect(ZInternalSearchLogPage.parse((await adminLog(`?from=${day(1)}`)).body).pagination.totalCount).toBe(
      0,
    );
    const paged = ZInternalSearchLogPage.parse((await adminLog('?limit=2&page=2')).body);
    expect(paged.pagination).toMatchObject({ currentPage: 2, hasPrev: true, totalCount: logged().length });

    expect((await adminLog(`?from=${day(1)}&to=${day()}`)).body.message).toBe(
      'The first day must not be after the last day',
    );
    expect((await adminLog('?code=Ada')).status).toBe(400);
    expect((await adminLog('?employer=acme')).status).toBe(400);
  });

  it('is never readable by employers or job seekers', async () => {
    for (const who of [employer, ada, await h.service()]) {
      const answer = await adminLog('', who);
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain(ben.uniqueCode);
    }
    expect((await h.call('/internal/search-log')).status).toBe(401);
  });

  it('shows a job seeker their own weeks only: how many searches showed them and how often they were opened, no employer', async () => {
    await employerApi(employer)(`/candidate/${ada.candidateId}`);
    await employerApi(otherEmployer)(`/candidate/${ada.candidateId}`);
    const answer = await h.as(ada)('/api/job-seeker/interest/appearances');
    expect(answer.status, answer.text).toBe(200);
    const { weeks } = ZSearchAppearancesAnswer.parse(answer.body);
    expect(weeks).toHaveLength(26);
    expect(weeks[0]).toEqual({
      week_start: weekStartOf(new Date()).toISOString().slice(0, 10),
      // the ranked search, the second Kotlin search after the outage
      searches: 2,
      opened: 2,
    });
    expect(weeks.slice(1).every((week) => week.searches === 0 && week.opened === 0)).toBe(true);
    for (const secret of [employer.id, otherEmployer.id, 'Acme', 'Brightpath', ben.uniqueCode])
      expect(answer.text).not.toContain(secret);

    const bens = ZSearchAppearancesAnswer.parse(
      (await h.as(ben)('/api/job-seeker/interest/appearances')).body,
    );
    expect(bens.weeks[0]).toMatchObject({ searches: 2, opened: 1 });
    const nobody = ZSearchAppearancesAnswer.parse(
      (await h.as(await h.jobSeeker())('/api/job-seeker/interest/appearances')).body,
    );
    expect(nobody.weeks.every((week) => week.searches === 0 && week.opened === 0)).toBe(true);
    expect((await h.as(employer)('/api/job-seeker/interest/appearances')).status).toBe(403);

    const download = ZJobSeekerMatchingMyData.parse((await h.as(ada)(myDataPath)).body);
    expect(download.searchAppearances).toEqual(weeks);
  });

  it("takes an erased candidate out of every entry, and keeps an erased employer's entries by id", async () => {
    h.candidateErased(ada);
    await h.erase(ada, 'job_seeker');
    const everything = JSON.stringify(logged());
    expect(everything).not.toContain(ada.candidateId);
    expect(everything).not.toContain(ada.uniqueCode);
    expect(everything).toContain(ben.uniqueCode);
    expect(ZInternalSearchLogPage.parse((await adminLog(`?code=${ada.uniqueCode}`)).body).entries).toEqual(
      [],
    );

    const before = logged().length;
    h.employerErased(otherEmployer);
    await h.erase(otherEmployer, 'employer');
    expect(logged()).toHaveLength(before);
    const theirs = ZInternalSearchLogPage.parse((await adminLog(`?employer=${otherEmployer.id}`)).body);
    expect(theirs.entries.map((entry) => [entry.employer_erased, entry.results[0]?.unique_code])).toEqual([
      [true, ben.uniqueCode],
    ]);
  });
});
