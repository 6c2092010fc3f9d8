import type { JobPreferences } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type Candidate,
  type CandidateSeed,
  type MatchingHarness,
  matchingHarness,
} from '../testing/harness';

/**
 * A candidate's preferences are a filter only, never shown to an employer, not even
 * as a label, and an employer cannot probe them. Two twins have the same profile; one has every
 * preference set (a minimum salary among them), the other none. Through every route an employer
 * reaches in this service, the twins' answers are the same apart from their ids, codes and
 * times, and no answer carries a preference. A route added under /api/employer fails the last
 * test until it is probed here too.
 */

const seed: CandidateSeed = {
  location: 'Trondheim, Norway',
  gender: 'female',
  dateOfBirth: '1988-04-02',
  skills: [
    { name: 'Kotlin', proficiencyLevel: 'expert' },
    { name: 'PostgreSQL', proficiencyLevel: 'advanced' },
  ],
  experiences: [{ companyName: 'Fjord Data', startDate: '2014-02-01', endDate: '2021-06-30' }],
  education: [{ degree: "Master's Degree", fieldOfStudy: 'Computer Science' }],
  certifications: [{ name: 'Kotlin Developer', issuer: 'JetBrains', issueDate: '2020-03-01' }],
};

const preferences: JobPreferences = {
  workModes: ['remote'],
  countries: ['IS'],
  noticeWeeks: 13,
  minimumSalary: { amount: 123_457, currency: 'CHF' },
};

/** How an answer could name a preference: a refusal may name the parameter it refuses, nothing else may. */
const preferenceFields = [/preferences/i, /work_?modes?/i, /countries/i, /notice/i, /salary/i];
/** How an answer could give a preference's value away: no answer may, unless the employer typed it. */
const preferenceValues = [/123[,. ]?457/, /CHF/, /"IS"/, /\b13 weeks/i];

/** The probing parameters, each refused by the strict search query whatever its value. */
const probes = [
  'minSalary',
  'minimumSalary',
  'minimum_salary',
  'salary',
  'preferences',
  'preferences[minimumSalary]',
  'workMode',
  'workModes',
  'countries',
  'noticeWeeks',
  'currency',
];

describe('an employer cannot see or probe a candidate’s preferences', () => {
  let h: MatchingHarness;
  let employer: Account;
  let admin: Account;
  let choosy: Candidate;
  let open: Candidate;
  const api = (path: string, init: Parameters<MatchingHarness['call']>[1] = {}) =>
    h.as(employer, '/api/employer')(path, init);
  const probed = new Set<string>();
  /** `typed`: what the employer wrote before that may come back (a position's own terms). */
  const probe = async (method: string, route: string, path: string, init = {}, typed: unknown = '') => {
    probed.add(`${method} ${route}`);
    const answer = await api(path, { method, ...init });
    const text = JSON.stringify(answer.body);
    const asked = `${decodeURIComponent(path)} ${JSON.stringify(init)} ${JSON.stringify(typed)}`;
    const traces = answer.status < 400 ? [...preferenceFields, ...preferenceValues] : preferenceValues;
    // what the employer typed may come back (a searched skill is named as missing); nothing else
    for (const trace of traces.filter((trace) => !trace.test(asked)))
      expect(text, `${method} ${path}`).not.toMatch(trace);
    return answer;
  };
  /** An answer with a twin's id and code, and every request id and time, in words. */
  const neutral = (value: unknown, twin: Candidate, requestIds: string[] = []) => {
    let text = JSON.stringify(value ?? null)
      .replaceAll(twin.candidateId, '<candidate id>')
      .replaceAll(twin.uniqueCode, '<code>')
      .replace(/"\d{4}-\d{2}-\d{2}T[\d:.]+Z"/g, '"<time>"');
    for (const id of requestIds.filter(Boolean)) text = text.replaceAll(id, '<request id>');
    return JSON.parse(text);
  };
  const requestIds: Record<'choosy' | 'open', string> = { choosy: '', open: '' };

  beforeAll(async () => {
    h = await matchingHarness();
    employer = await h.employer();
    admin = await h.admin();
    choosy = await h.candidate(seed, { preferences });
    open = await h.candidate(seed);
    // others alike, so that the twins are shown in their group as any candidate is
    for (let i = 0; i < 4; i++) await h.candidate(seed);
    await h.candidate({ ...seed, location: 'Lima, Peru', skills: [{ name: 'Cobol' }] });
  });

  it('search: both twins or neither, with the same card, whatever is searched', async () => {
    const queries = [
      '',
      'skills=kotlin',
      'skills=kotlin&preferred=postgresql,scala',
      'preferred=kotlin',
      'location=norway',
      'experience=senior&education=master',
      // preference values typed where text is searched find nobody by them
      'skills=remote',
      'skills=CHF',
      'preferred=123457',
      'location=IS',
      'location=remote',
    ];
    for (const query of queries) {
      const answer = await probe('GET', '/search', `/search?${query}`);
      expect(answer.status, query).toBe(200);
      const cards = answer.body.candidates as Array<{ id: string }>;
      const cardOf = (twin: Candidate) => cards.find((card) => card.id === twin.candidateId);
      expect(neutral(cardOf(choosy), choosy), query).toEqual(neutral(cardOf(open), open));
    }
    const everyone = await probe('GET', '/search', '/search?skills=kotlin');
    expect(everyone.body.pagination.totalCount).toBe(6);
  });

  it('search: a parameter that names a preference is refused the same way whatever its value', async () => {
    for (const name of probes) {
      const answers = [];
      for (const value of ['0', '123457', '999999999', 'CHF', 'remote'])
        answers.push(
          await probe('GET', '/search', `/search?skills=kotlin&${encodeURIComponent(name)}=${value}`),
        );
      for (const answer of answers) {
        expect(answer.status, name).toBe(400);
        expect(answer.body, name).toEqual(answers[0]!.body);
        expect(answer.body.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('candidate detail: the same for both twins, with or without probing parameters', async () => {
    for (const query of ['', '?minimumSalary=123457', '?preferences=1']) {
      const [first, second] = await Promise.all(
        [choosy, open].map((twin) =>
          probe('GET', '/candidate/:id', `/candidate/${twin.candidateId}${query}`),
        ),
      );
      expect(first!.status).toBe(200);
      expect(neutral(first!.body, choosy)).toEqual(neutral(second!.body, open));
    }
  });

  it('request-candidate: the same answer for both twins, and a body that names a preference is refused', async () => {
    const refused = await probe('POST', '/request-candidate', '/request-candidate', {
      body: { jobSeekerId: choosy.candidateId, minimumSalary: 123457 },
    });
    expect(refused.status).toBe(400);
    const [first, second] = [
      await probe('POST', '/request-candidate', '/request-candidate', {
        body: { jobSeekerId: choosy.candidateId, message: 'Would you talk to us?' },
      }),
      await probe('POST', '/request-candidate', '/request-candidate', {
        body: { jobSeekerId: open.candidateId, message: 'Would you talk to us?' },
      }),
    ];
    expect(first.status).toBe(201);
    requestIds.choosy = first.body.request.id;
    requestIds.open = second.body.request.id;
    expect(neutral(first.body, choosy, [requestIds.choosy])).toEqual(
      neutral(second.body, open, [requestIds.open]),
    );
  });

  it('requests, unmatch and Download my data: the same for both twins', async () => {
    const twins = [
      [choosy, requestIds.choosy],
      [open, requestIds.open],
    ] as const;
    const requestOf = (answer: { body: { requests?: unknown[]; matchRequests?: unknown[] } }, id: string) =>
      (answer.body.requests ?? answer.body.matchRequests)!.find(
        (request) => (request as { id: string }).id === id,
      );
    const compareLists = async (route: string, path: string) => {
      const answer = await probe('GET', route, path);
      expect(answer.status).toBe(200);
      const [[a, aId], [b, bId]] = twins;
      expect(neutral(requestOf(answer, aId), a, [aId])).toEqual(neutral(requestOf(answer, bId), b, [bId]));
    };
    await compareLists('/requests', '/requests');
    for (const [, id] of twins)
      await h.as(admin)(`/internal/requests/${id}`, {
        method: 'PUT',
        body: { status: 'approved', adminNotes: 'Good fit.', contactNote: 'We will e-mail you both.' },
      });
    await compareLists('/requests', '/requests');
    const unmatched = [];
    for (const [twin, id] of twins) {
      const answer = await probe('DELETE', '/unmatch/:id', `/unmatch/${id}`);
      expect(answer.status).toBe(200);
      unmatched.push(neutral(answer.body, twin, [id]));
    }
    expect(unmatched[0]).toEqual(unmatched[1]);
    await compareLists('/requests', '/requests');

    probed.add('GET /my-data');
    const mine = await h.as(employer)('/my-data');
    expect(mine.status).toBe(200);
    const text = JSON.stringify(mine.body);
    for (const trace of [...preferenceFields, ...preferenceValues]) expect(text).not.toMatch(trace);
    const [[a, aId], [b, bId]] = twins;
    expect(neutral(requestOf(mine, aId), a, [aId])).toEqual(neutral(requestOf(mine, bId), b, [bId]));
  });

  it('positions: a search from one leaves out the twin whose preferences refuse it, and says nothing of why', async () => {
    const band = (max: number) => ({ min: 90_000, max, currency: 'CHF' as const });
    const position = {
      title: 'Kotlin engineer',
      description: 'Remote, anywhere.',
      workMode: 'remote',
      country: null,
      salary: band(200_000),
      mustHave: ['Kotlin'],
      niceToHave: [],
      experience: 'all',
      education: 'all',
      startWithinWeeks: null,
    };
    const created = await probe('POST', '/positions', '/positions', { body: position });
    expect(created.status).toBe(201);
    const id = created.body.position.id as string;
    const cardsFrom = async () => {
      const answer = await probe('GET', '/search', `/search?skills=kotlin&position=${id}`);
      expect(answer.status).toBe(200);
      const cards = answer.body.candidates as Array<{ id: string }>;
      return {
        total: answer.body.pagination.totalCount as number,
        choosy: cards.find((card) => card.id === choosy.candidateId),
        open: cards.find((card) => card.id === open.candidateId),
      };
    };
    // a band the minimum fits under: both twins, alike
    const both = await cardsFrom();
    expect(neutral(both.choosy, choosy)).toEqual(neutral(both.open, open));
    expect(both.total).toBe(6);
    // a band below the minimum: the choosy twin is left out, in the total too, the other unchanged
    const lowered = await probe('PUT', '/positions/:id', `/positions/${id}`, {
      body: { ...position, salary: band(120_000) },
    });
    position.salary = band(120_000);
    expect(lowered.status).toBe(200);
    const without = await cardsFrom();
    expect(without.choosy).toBeUndefined();
    expect(without.total).toBe(5);
    expect(neutral(without.open, open)).toEqual(neutral(both.open, open));
    // the employer's own position comes back with its own terms, and nothing else
    for (const [route, path] of [
      ['/positions/:id/close', `/positions/${id}/close`],
      ['/positions/:id/reopen', `/positions/${id}/reopen`],
    ] as const)
      expect((await probe('POST', route, path, {}, position)).status).toBe(200);
    expect((await probe('GET', '/positions', '/positions', {}, position)).status).toBe(200);

    // a saved search from it, and its list: the employer's own words only
    const saved = await probe('POST', '/saved-searches', '/saved-searches', {
      body: { name: 'Kotlin', filters: { skills: 'kotlin', position: id }, digest: true },
    });
    expect(saved.status).toBe(201);
    const searchId = saved.body.search.id as string;
    expect((await probe('GET', '/saved-searches', '/saved-searches')).status).toBe(200);
    expect(
      (
        await probe('PUT', '/saved-searches/:id', `/saved-searches/${searchId}`, {
          body: { name: 'Kotlin people', digest: false },
        })
      ).status,
    ).toBe(200);
    expect((await probe('DELETE', '/saved-searches/:id', `/saved-searches/${searchId}`)).status).toBe(200);
    expect((await probe('GET', '/skill-suggestions', '/skill-suggestions?q=kot')).status).toBe(200);
  });

  it('has probed every route an employer reaches in this service', () => {
    const served = new Set(
      h.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`)
        .filter((route) => / \/api\/employer\//.test(route) || route === 'GET /my-data')
        .map((route) => route.replace('/api/employer', '')),
    );
    expect([...served].sort()).toEqual([...probed].sort());
  });
});
