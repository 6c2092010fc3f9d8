import { randomUUID } from 'node:crypto';
import {
  matchRequestTextsPath,
  type PositionInput,
  positionLimit,
  positionMessages,
  ZEmployerMatchRequest,
  ZInterestAnswer,
  ZPositionsAnswer,
  ZPositionWriteAnswer,
  ZSearchAnswer,
} from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Candidate, type MatchingHarness, matchingHarness } from '../testing/harness';

const platformEngineer: PositionInput = {
  title: 'Platform engineer',
  description: 'Keeps our clusters running.',
  workMode: 'hybrid',
  location: 'Berlin',
  country: 'DE',
  salary: { min: 60000, max: 80000, currency: 'EUR' },
  mustHave: ['Kubernetes'],
  niceToHave: ['JavaScript'],
  experience: 'senior',
  education: 'all',
  startWithinWeeks: 8,
};

/** A job of `years` ending now, for a candidate's experience band. */
const yearsOfWork = (years: number) => [
  {
    companyName: 'Earlier GmbH',
    startDate: `${new Date().getUTCFullYear() - years}-01-01`,
    endDate: null,
    isCurrent: true,
  },
];

describe("an employer's positions", () => {
  let h: MatchingHarness;
  let employer: Account;
  let other: Account;
  const api = (account: Account) => h.as(account, '/api/employer');
  const create = async (account: Account, input: PositionInput = platformEngineer) => {
    const answer = await api(account)('/positions', { body: input });
    expect(answer.status, answer.text).toBe(201);
    return ZPositionWriteAnswer.parse(answer.body).position;
  };
  const list = async (account: Account) =>
    ZPositionsAnswer.parse((await api(account)('/positions')).body).positions;

  beforeAll(async () => {
    h = await matchingHarness();
    employer = await h.employer();
    other = await h.employer({
      company: { companyName: 'Globex', industry: 'Finance', companySize: '11-50', website: null },
    });
  });

  it('creates, edits, closes and reopens a position, newest first in the list', async () => {
    const first = await create(employer);
    expect(first).toMatchObject({
      title: 'Platform engineer',
      work_mode: 'hybrid',
      country: 'DE',
      must_have: ['Kubernetes'],
      status: 'open',
    });
    const second = await create(employer, {
      ...platformEngineer,
      title: 'SRE',
      workMode: 'remote',
      country: null,
    });
    expect((await list(employer)).map((position) => position.title)).toEqual(['SRE', 'Platform engineer']);

    const edited = await api(employer)(`/positions/${first.id}`, {
      method: 'PUT',
      body: { ...platformEngineer, title: 'Senior platform engineer' },
    });
    expect(edited.body).toMatchObject({
      message: positionMessages.updated,
      position: { id: first.id, title: 'Senior platform engineer' },
    });
    const closed = await api(employer)(`/positions/${second.id}/close`, { method: 'POST' });
    expect(closed.body).toMatchObject({ message: positionMessages.closed, position: { status: 'closed' } });
    const reopened = await api(employer)(`/positions/${second.id}/reopen`, { method: 'POST' });
    expect(reopened.body).toMatchObject({ position: { status: 'open' } });
  });

  it('refuses a bad position with the field that is wrong, and stores nothing', async () => {
    const before = (await list(employer)).length;
    const cases: [Partial<PositionInput>, string][] = [
      [{ country: null }, 'country'],
      [{ salary: { min: 90000, max: 80000, currency: 'EUR' } }, 'salary.max'],
      [{ mustHave: [] }, 'mustHave'],
      [{ workMode: 'office' as never }, 'workMode'],
      [{ salary: { min: 1, max: 2, currency: 'XYZ' as never } }, 'salary.currency'],
    ];
    for (const [change, field] of cases) {
      const answer = await api(employer)('/positions', { body: { ...platformEngineer, ...change } });
      expect(answer.status, field).toBe(400);
      expect(JSON.stringify(answer.body.details), field).toContain(field.split('.').at(-1));
    }
    expect(await list(employer)).toHaveLength(before);
  });

  it("never shows or changes another employer's position, whatever its id", async () => {
    const mine = await create(employer);
    expect(await list(other)).toEqual([]);
    for (const [path, init] of [
      [`/positions/${mine.id}`, { method: 'PUT', body: platformEngineer }],
      [`/positions/${mine.id}/close`, { method: 'POST' }],
      [`/search?skills=go&position=${mine.id}`, {}],
      [`/positions/${randomUUID()}/reopen`, { method: 'POST' }],
    ] as const) {
      const answer = await api(other)(path, init);
      expect(answer.status, path).toBe(404);
      expect(answer.body.message).toBe(positionMessages.notFound);
    }
    expect((await list(employer)).find((position) => position.id === mine.id)?.status).toBe('open');
  });

  it('keeps positions for verified employers only, and at most the limit', async () => {
    const unverified = await h.employer({ verified: false });
    expect((await api(unverified)('/positions')).status).toBe(403);
    const busy = await h.employer();
    for (let made = 0; made < positionLimit; made += 1) await create(busy);
    const over = await api(busy)('/positions', { body: platformEngineer });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(positionMessages.tooMany);
  });

  describe('a search from a position', () => {
    let senior: Candidate;
    let junior: Candidate;
    beforeAll(async () => {
      const kubernetes = [{ name: 'Kubernetes', proficiencyLevel: 'expert' as const }];
      junior = await h.candidate({ skills: kubernetes, experiences: yearsOfWork(1) });
      senior = await h.candidate({ skills: kubernetes, experiences: yearsOfWork(9) });
    });

    it("ranks by the position's experience level too, and says so in the fit", async () => {
      const position = await create(employer);
      const search = async (query: string) =>
        ZSearchAnswer.parse((await api(employer)(`/search?${query}`)).body).candidates.filter((card) =>
          [senior.uniqueCode, junior.uniqueCode].includes(card.unique_code),
        );
      // by skills alone they tie, and come by code
      expect((await search('skills=kubernetes')).map((card) => card.fit?.score)).toEqual([100, 100]);
      const ranked = await search(`skills=kubernetes&position=${position.id}`);
      // the search log says which position the search came from
      expect(h.searchLog().at(-1)?.filters).toMatchObject({ skills: ['kubernetes'], position: position.id });
      expect(ranked.map((card) => [card.unique_code, card.fit?.score, card.fit?.factors.experience])).toEqual(
        [
          [senior.uniqueCode, 100, 'meets'],
          // skills 70 + two bands off 0, of 85
          [junior.uniqueCode, 82, 'far'],
        ],
      );
    });

    it('is refused for a closed position', async () => {
      const position = await create(employer);
      await api(employer)(`/positions/${position.id}/close`, { method: 'POST' });
      const answer = await api(employer)(`/search?skills=kubernetes&position=${position.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(positionMessages.notOpen);
    });
  });

  describe('a request that names a position', () => {
    it('shows the candidate the position with their matching skills, and the employer its title', async () => {
      const position = await create(employer);
      const seeker = await h.candidate({
        skills: [
          { name: 'JS', proficiencyLevel: 'advanced' },
          { name: 'Cooking', proficiencyLevel: 'expert' },
        ],
      });
      const sent = await api(employer)('/request-candidate', {
        body: { jobSeekerId: seeker.candidateId, positionId: position.id },
      });
      expect(sent.status, sent.text).toBe(201);
      expect(ZEmployerMatchRequest.parse(sent.body.request).position_title).toBe('Platform engineer');

      const interest = ZInterestAnswer.parse((await h.as(seeker, '/api/job-seeker/interest')('')).body);
      expect(interest.requests[0]?.position).toEqual({
        title: 'Platform engineer',
        work_mode: 'hybrid',
        location: 'Berlin',
        country: 'DE',
        salary: { min: 60000, max: 80000, currency: 'EUR' },
        // "JS" answers the position's "JavaScript"
        matched_skills: ['JS'],
      });

      // the event says there is a position; its readers ask for it like the message
      const event = h.requests
        .published()
        .find((entry) => (entry.data as { requestId: string }).requestId === sent.body.request.id);
      expect(event).toMatchObject({
        type: 'match.request.created',
        version: 3,
        data: { withPosition: true },
      });
      const service = await h.service();
      const texts = await h.as(service)(
        `${matchRequestTextsPath}/${sent.body.request.id}/events/${event!.id}`,
      );
      expect(texts.body.position).toMatchObject({ title: 'Platform engineer', matched_skills: ['JS'] });

      // an edit of the position afterwards does not change what was asked
      await api(employer)(`/positions/${position.id}`, {
        method: 'PUT',
        body: { ...platformEngineer, title: 'Renamed' },
      });
      const again = ZInterestAnswer.parse((await h.as(seeker, '/api/job-seeker/interest')('')).body);
      expect(again.requests[0]?.position?.title).toBe('Platform engineer');
    });

    it("refuses another employer's or a closed position, and sends nothing", async () => {
      const seeker = await h.candidate({ skills: [{ name: 'Go', proficiencyLevel: 'expert' }] });
      const theirs = await create(other);
      const closed = await create(employer);
      await api(employer)(`/positions/${closed.id}/close`, { method: 'POST' });
      const before = h.requests.published().length;
      for (const [positionId, status] of [
        [theirs.id, 404],
        [closed.id, 409],
      ] as const) {
        const answer = await api(employer)('/request-candidate', {
          body: { jobSeekerId: seeker.candidateId, positionId },
        });
        expect(answer.status).toBe(status);
      }
      expect(h.requests.published()).toHaveLength(before);
    });

    it("goes with the employer's erasure: the positions and each request's copy", async () => {
      const leaving = await h.employer();
      const position = await create(leaving);
      const seeker = await h.candidate({ skills: [{ name: 'Kubernetes', proficiencyLevel: 'expert' }] });
      const sent = await api(leaving)('/request-candidate', {
        body: { jobSeekerId: seeker.candidateId, positionId: position.id },
      });
      await h.erase(leaving, 'employer');
      expect(await list(leaving)).toEqual([]);
      expect((await h.requests.load(sent.body.request.id))?.position ?? null).toBeNull();
      expect(JSON.stringify(h.requests.all())).not.toContain(position.id);
    });
  });

  it('suggests skills from the vocabulary to a verified employer', async () => {
    const answer = await api(employer)('/skill-suggestions?q=kubern&limit=3');
    expect(answer.status).toBe(200);
    expect(answer.body.suggestions.map((entry: { name: string }) => entry.name)).toContain('Kubernetes');
  });
});
